import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { dispositionOf } from './download';

/** What a client that reads only `filename` (no RFC 8187) sees. */
const plainName = (h: string) => parse(h, { extended: false }).parameters.filename;

describe('dispositionOf', () => {
  it('carries a Chinese name whole in filename* and an ASCII name in filename', () => {
    const h = dispositionOf('工单报告 "A/B".pdf', { inline: true, fallback: 'report.pdf' });
    expect(parse(h).type).toBe('inline');
    expect(parse(h).parameters.filename).toBe('工单报告 "A/B".pdf');
    expect(plainName(h)).toBe('report.pdf');
  });

  it('makes its own ASCII name when none is given, and is an attachment by default', () => {
    const h = dispositionOf('全部人员 "1".xlsx');
    expect(parse(h).type).toBe('attachment');
    expect(parse(h).parameters.filename).toBe('全部人员 "1".xlsx');
    expect(plainName(h)).toBe('____ _1_.xlsx');
  });

  it('sends a plain ASCII name once', () => {
    expect(dispositionOf('users.xlsx')).toBe('attachment; filename=users.xlsx');
  });
});
