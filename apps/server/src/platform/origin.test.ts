import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { linkBase } from './origin';

async function baseFor(env: Record<string, string>, host: string): Promise<string> {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const app = Fastify();
  app.get('/base', async (req) => linkBase(config, req));
  const res = await app.inject({ method: 'GET', url: '/base', headers: { host } });
  await app.close();
  return res.body;
}

describe('the base of the links we send', () => {
  it('is PUBLIC_URL whatever Host the request names; without it, the request host', async () => {
    expect(await baseFor({ PUBLIC_URL: 'https://fw.example.com/' }, 'evil.example')).toBe('https://fw.example.com');
    expect(await baseFor({ PUBLIC_URL: 'https://fw.example.com/sk' }, 'evil.example')).toBe('https://fw.example.com/sk');
    expect(await baseFor({}, 'fw.example.com:8080')).toBe('http://fw.example.com:8080');
  });

  it('refuses a PUBLIC_URL that is not an http(s) address', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'fw.example.com' })).toThrow(/PUBLIC_URL must be an http\(s\) address/);
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow();
  });
});
