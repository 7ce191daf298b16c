/**
 * Text PostgreSQL cannot store: NUL (refused in text and jsonb) and UTF-16 that is not valid
 * Unicode (a lone surrogate, which the driver turns into U+FFFD, so two different inputs collide).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const hasBadText = (s: string): boolean => s.includes('\u0000') || LONE_SURROGATE.test(s);

/** Deepest nesting an input may have (no contract goes past a handful of levels). */
export const MAX_INPUT_DEPTH = 32;

export interface BadInput {
  path: (string | number)[];
  reason: 'text' | 'deep';
}

/**
 * The first place in a parsed query or JSON body (keys and values, at any depth, inside
 * free-form records too) holding text PostgreSQL cannot store, or nesting past MAX_INPUT_DEPTH.
 * Iterative, so a hostile body nested a million levels deep cannot overflow the stack.
 */
export function findBadInput(input: unknown): BadInput | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: input, path: [] }];
  while (stack.length) {
    const { v, path } = stack.pop() as { v: unknown; path: (string | number)[] };
    if (typeof v === 'string') {
      if (hasBadText(v)) return { path, reason: 'text' };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, reason: 'deep' };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ v: v[i], path: [...path, i] });
      continue;
    }
    for (const k of Object.keys(v)) {
      if (hasBadText(k)) return { path, reason: 'text' };
      stack.push({ v: (v as Record<string, unknown>)[k], path: [...path, k] });
    }
  }
  return null;
}

export const BAD_TEXT_MESSAGE = '包含无法保存的字符（空字符或无效编码），请删除后重试';
export const TOO_DEEP_MESSAGE = '数据层级过深';
