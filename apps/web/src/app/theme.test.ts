import { EVENT_STATES, ORDER_STATES } from '@sk/shared/common/labels';
import { TAG_COLORS } from '../features/tags/tags';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrast, overWhite, readableTagColor, tagBackground } from '../lib/contrast';
import { A11Y_TOKENS } from './theme';

// The theme as antd derives it from our tokens: every text colour against the backgrounds it is shown on (WCAG AA 4.5:1).
const t = theme.getDesignToken({ token: A11Y_TOKENS }) as unknown as Record<string, string>;
const solid = (c: string) => (c.startsWith('rgba') ? overWhite(c.replace(/\s+/g, ' ').replace(/,(\S)/g, ', $1')) : c.toLowerCase());
const AA = 4.5;

describe('contrast', () => {
  it('follows WCAG: black on white 21, antd blue 4.1, equal colours 1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#1677ff', '#ffffff')).toBeCloseTo(4.1, 1);
    expect(contrast('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrast('#123456', '#123456')).toBe(1);
  });
});

describe('theme tokens', () => {
  it('text colours reach 4.5:1 on white, on the layout grey and on table headers', () => {
    for (const key of ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder', 'colorTextHeading']) {
      for (const bg of ['#ffffff', solid(t.colorBgLayout as string), '#fafafa']) {
        expect(contrast(solid(t[key] as string), bg), `${key} on ${bg}`).toBeGreaterThanOrEqual(AA);
      }
    }
  });

  it('links, the primary colour and the status text colours reach 4.5:1 on white and on their light backgrounds', () => {
    const pairs: [string, string][] = [
      ['colorPrimary', 'colorBgContainer'],
      ['colorPrimary', 'colorPrimaryBg'],
      ['colorPrimaryText', 'colorPrimaryBg'],
      ['colorLink', 'colorBgContainer'],
      ['colorLinkHover', 'colorBgContainer'],
      ['colorInfo', 'colorInfoBg'],
      ['colorError', 'colorBgContainer'],
      ['colorError', 'colorErrorBg'],
      ['colorErrorText', 'colorBgContainer'],
      ['colorSuccessText', 'colorBgContainer'],
      ['colorSuccessText', 'colorSuccessBg'],
      ['colorWarningText', 'colorBgContainer'],
      ['colorWarningText', 'colorWarningBg'],
    ];
    for (const [fg, bg] of pairs) expect(contrast(solid(t[fg] as string), solid(t[bg] as string)), `${fg} on ${bg}`).toBeGreaterThanOrEqual(AA);
  });

  it('white text on filled buttons and badges reaches 4.5:1, hovered too', () => {
    for (const bg of ['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive', 'colorError', 'colorErrorHover']) {
      expect(contrast('#ffffff', solid(t[bg] as string)), `white on ${bg}`).toBeGreaterThanOrEqual(AA);
    }
  });

  it('the brand stays blue and the placeholder stays lighter than typed text', () => {
    expect(t.colorPrimary?.toLowerCase()).toBe('#1668dc');
    expect(contrast(solid(t.colorTextPlaceholder as string), '#ffffff')).toBeLessThan(contrast(solid(t.colorText as string), '#ffffff'));
  });

  it('preset tag colours write their text (shade 7) readably on their background (shade 1)', () => {
    for (const c of ['blue', 'purple', 'cyan', 'green', 'magenta', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold']) {
      expect(contrast(solid(t[`${c}-7`] as string), solid(t[`${c}-1`] as string)), c).toBeGreaterThanOrEqual(AA);
    }
  });
});

describe('state and user tag colours', () => {
  it('order and event state tags are readable on the light background antd gives them', () => {
    for (const s of [...Object.values(ORDER_STATES), ...Object.values(EVENT_STATES)]) {
      expect(contrast(s.color, tagBackground(s.color)), s.label).toBeGreaterThanOrEqual(AA);
      // Already readable: shown as they are.
      expect(readableTagColor(s.color)).toBe(s.color);
    }
  });

  it('a chosen colour too light to read is darkened in its own hue until it is', () => {
    for (const c of [...TAG_COLORS, '#52c41a', '#faad14', '#ffff00', '#bfbfbf', '#FFFFFF']) {
      const out = readableTagColor(c);
      expect(contrast(out, tagBackground(out)), c).toBeGreaterThanOrEqual(AA);
      expect(contrast(c.toLowerCase(), tagBackground(c.toLowerCase())) >= AA || out !== c.toLowerCase(), c).toBe(true);
    }
    // Same hue: yellow stays yellow-brown (red ≥ green > blue), green stays green.
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(readableTagColor('#fadb14').slice(i, i + 2), 16)) as [number, number, number];
    expect(r).toBeGreaterThanOrEqual(g);
    expect(g).toBeGreaterThan(b);
    const green = readableTagColor('#52c41a');
    expect(Number.parseInt(green.slice(3, 5), 16)).toBeGreaterThan(Number.parseInt(green.slice(1, 3), 16));
  });

  it('leaves preset names and anything that is not #rrggbb alone', () => {
    expect(readableTagColor('green')).toBe('green');
    expect(readableTagColor('default')).toBe('default');
    expect(readableTagColor('#abc')).toBe('#abc');
  });
});
