import { expect } from 'vitest';
import type { Answer } from './factories';

/**
 * Fires `n` requests at once (request i is `fire(i)`) and waits for every answer. Fails the test if any
 * answered HTTP 500 or left the envelope; answers in the order fired. Use it for every state change.
 */
export async function race<T = any>(n: number, fire: (i: number) => Promise<Answer<T>>): Promise<Answer<T>[]> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => fire(i)));
  const broken = answers.filter((a) => a.status !== 200 || typeof a.success !== 'boolean');
  expect(broken.map((a) => `HTTP ${a.status} ${a.code ?? ''} ${a.message ?? ''}`)).toEqual([]);
  return answers;
}

/** How many answers said each message ('ok' for every success), e.g. { ok: 1, '名称已存在': 19 }. */
export function tally(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) {
    const k = a.success ? 'ok' : a.message;
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}
