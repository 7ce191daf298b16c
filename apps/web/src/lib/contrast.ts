// Colour contrast as WCAG 2 defines it, and readable text colours for tags whose colour users choose
// (docs/accessibility.md).

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

/** A colour given as rgba(0, 0, 0, a) over white, as #rrggbb. */
export function overWhite(rgba: string): string {
  const a = Number(/rgba\(0, 0, 0, ([\d.]+)\)/.exec(rgba)?.[1] ?? 1);
  const v = Math.round(255 * (1 - a))
    .toString(16)
    .padStart(2, '0');
  return `#${v}${v}${v}`;
}

const hex2 = (n: number) =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, '0');

/** #rrggbb as hue (0–360), saturation and lightness (0–1). */
function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === r ? ((g - b) / d + (g < b ? 6 : 0)) * 60 : max === g ? ((b - r) / d + 2) * 60 : ((r - g) / d + 4) * 60;
  return [h, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return `#${hex2((r + m) * 255)}${hex2((g + m) * 255)}${hex2((b + m) * 255)}`;
}

/** The light background antd gives a tag of a custom colour: the colour's hue and saturation at 95 % lightness. */
export function tagBackground(color: string): string {
  const [h, s] = toHsl(color);
  return fromHsl(h, s, 0.95);
}

/**
 * A colour users chose (a tag's colour, a state's colour) made readable as a tag's text: darkened step by step (same
 * hue) until it reaches 4.5:1 on the tag's own light background. Answers the colour unchanged when it already does,
 * and anything that is not #rrggbb (a preset name such as 'green') as it is.
 */
export function readableTagColor(color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return color;
  const [h, s, l0] = toHsl(color.toLowerCase());
  let out = color.toLowerCase();
  for (let l = l0; l > 0 && contrast(out, tagBackground(out)) < 4.5; l -= 0.02) out = fromHsl(h, s, Math.max(0, l - 0.02));
  return out;
}
