import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * One PostgreSQL per test run: a migrated template, copied once per test file.
 * TEST_DATABASE_URL → a real server (template database); otherwise PGlite (a data-dir tarball).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = await openPostgres(url, 1);
    const template = `sk_tmpl_${process.pid}_${Date.now()}`;
    await admin.db.execute(`create database ${template}` as never);
    const tmplUrl = withDb(url, template);
    const t = await openPostgres(tmplUrl, 1);
    await migrate(t);
    await t.close();
    project.provide('testDb', { kind: 'postgres', url, template });
    return async () => {
      const rows = (await admin.db.execute(`select datname from pg_database where datname like 'sk_t_${process.pid}_%' or datname = '${template}'` as never)) as unknown as { rows: { datname: string }[] };
      for (const r of rows.rows) await admin.db.execute(`drop database if exists ${r.datname} with (force)` as never).catch(() => {});
      await admin.close();
    };
  }
  const lite = await openPglite(undefined);
  await migrate(lite);
  const client = (lite.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const blob = await client.dumpDataDir('none');
  const dir = path.join(os.tmpdir(), 'sk-test');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await lite.close();
  project.provide('testDb', { kind: 'pglite', file });
  return async () => {};
}

export function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'postgres'; url: string; template: string } | { kind: 'pglite'; file: string };
  }
}
