import { describe, expect, it } from 'vitest';
import { displayDate, displayDateTime, extOf, fileKind } from './format';

describe('file kinds by extension', () => {
  it('knows the spec videos and images, case-insensitively, ignoring queries', () => {
    for (const n of ['a.mp4', 'b.AVI', 'c.mkv', '/x/y/d.mov?t=1']) expect(fileKind(n)).toBe('video');
    for (const n of ['a.png', 'b.JPG', 'c.jpeg', 'https://h/x.gif#top']) expect(fileKind(n)).toBe('image');
    for (const n of ['a.pdf', 'b.xlsx', 'noext', '.hidden', 'dir.png/file']) expect(fileKind(n)).toBe('file');
  });

  it('reads the extension of the last path segment only', () => {
    expect(extOf('/files/a.b/report.XLSX?v=2')).toBe('xlsx');
    expect(extOf('/files/a.b/report')).toBe('');
  });
});

describe('display dates', () => {
  it('shows YYYY/MM/DD and empty for nothing', () => {
    expect(displayDate('2024-05-06 13:14:15')).toBe('2024/05/06');
    expect(displayDateTime('2024-05-06 13:14:15')).toBe('2024/05/06 13:14');
    expect(displayDate(null)).toBe('');
    expect(displayDate('')).toBe('');
    expect(displayDate('not a date')).toBe('');
  });
});
