import type { FieldDef } from '@sk/shared/forms/index';

/** Words people use for the demo dictionary's common faults (the option's own name always counts). */
const FAULT_WORDS: Record<string, string[]> = {
  不制冷: ['不冷', '制冷效果差', '制冷差'],
  不制热: ['不热', '不加热', '制热效果差'],
  漏水: ['滴水', '渗水'],
  异响: ['噪音', '响声', '声音大', '异常声音'],
  不通电: ['通不上电', '无法开机', '开不了机', '不开机', '没电'],
  显示故障: ['显示屏', '黑屏', '花屏', '乱码', '不显示', '屏幕'],
};

/** The order title a pasted problem gives: its first sentence, at most 100 characters (the title's limit). */
export function titleFromFault(description: string): string {
  const first =
    description
      .trim()
      .split(/[，,。；;！!\n]/)[0]
      ?.trim() ?? '';
  return (first || description.trim()).slice(0, 100);
}

/** The option of a fault list the text names (its own name first, then the usual words for it); null when none fits. */
export function faultOptionFor(description: string, options: readonly string[]): string | null {
  const text = description.replace(/\s+/g, '');
  const named = options.filter((o) => o !== '其他' && text.includes(o)).sort((a, b) => b.length - a.length)[0];
  if (named) return named;
  return options.find((o) => (FAULT_WORDS[o] ?? []).some((w) => text.includes(w.replace(/\s+/g, '')))) ?? null;
}

/**
 * What smart paste fills in an order from the problem text: the title (when empty) and each empty single-choice field
 * named 故障… whose options fit the text (keys as the form keeps ext values: the field id).
 */
export function faultFill(description: string, fields: readonly FieldDef[], system: Record<string, unknown>, ext: Record<string, unknown>) {
  const text = description.trim();
  const title = !text || String(system.title ?? '').trim() ? null : titleFromFault(text);
  const picks: Record<string, string> = {};
  for (const f of fields) {
    if (f.type !== 3 || !f.name.startsWith('故障') || String(ext[String(f.id)] ?? '').trim()) continue;
    const o = faultOptionFor(text, f.options);
    if (o) picks[String(f.id)] = o;
  }
  return { title, ext: picks };
}
