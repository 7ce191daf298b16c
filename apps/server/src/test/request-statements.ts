import { expect } from 'vitest';
import { onRequestStatements } from '../db/statements';

/** The statements the one request `fn` sends (told by the app just before its answer); it must succeed. */
export async function statementsOf(fn: () => Promise<{ success: boolean; message?: string }>): Promise<number> {
  const seen: number[] = [];
  const stop = onRequestStatements((r) => seen.push(r.statements));
  try {
    const r = await fn();
    expect(r.success, r.message).toBe(true);
  } finally {
    stop();
  }
  expect(seen).toHaveLength(1);
  return seen[0] as number;
}
