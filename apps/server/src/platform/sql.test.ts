import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { createTestApp, type TestApp } from '../test/harness';
import { likePattern, prefixPattern } from './search';

/** The shared LIKE patterns: a user's % _ and \ are matched as themselves, on the real engine. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const matches = async (text: string, pattern: string): Promise<boolean> =>
  (await rows<{ ok: boolean }>(t.deps.db, sql`select ${text} like ${pattern} as ok`))[0]?.ok === true;

describe('LIKE patterns', () => {
  it('likePattern finds the text anywhere, its wildcards literal', async () => {
    expect(await matches('满减50%_活动', likePattern('50%_'))).toBe(true);
    expect(await matches('满减50元x活动', likePattern('50%_'))).toBe(false);
    expect(await matches('C:\\路径', likePattern(':\\路'))).toBe(true);
    expect(await matches('C:路径', likePattern(':\\路'))).toBe(false);
  });
  it('prefixPattern matches at the start only', async () => {
    expect(await matches('JS_01', prefixPattern('JS_'))).toBe(true);
    expect(await matches('JSX01', prefixPattern('JS_'))).toBe(false);
    expect(await matches('XJS_01', prefixPattern('JS_'))).toBe(false);
  });
});
