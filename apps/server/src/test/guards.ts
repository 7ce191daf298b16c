// The guards every endpoint of an area holds, as one suite for its test file: 未登录 without a session, the CSRF
// refusal of a non-GET without its token, and a role without the endpoint's power refused (NO_POWER, or ADMIN_ONLY
// where only administrators may call it).
import { type EndpointDef, hasPower, powersOfRole } from '@sk/shared';
import { expect, it } from 'vitest';
import { Client, loggedIn } from './factories';
import type { TestApp } from './harness';

/** Every role but the administrator (3), who holds every power. */
const ROLES = [1, 2, 4, 5, 6, 7, 8, 9, 10];

/** Registers the three guard tests over `all` (name, endpoint); `app` answers the file's test app once it is built. */
export function itGuardsEveryEndpoint(app: () => TestApp, all: [string, EndpointDef][]): void {
  it('answers 未登录 without a session', async () => {
    const anon = new Client(app().app);
    for (const [name, ep] of all) expect((await anon.call(ep, {})).message, name).toBe('未登录');
  });

  it('refuses every non-GET without the CSRF token', async () => {
    const t = app();
    const { client } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    for (const [name, ep] of all.filter(([, e]) => e.method !== 'GET')) {
      expect((await client.call(ep, {}, { csrf: false })).message, name).toBe('操作失败，无效的CsrfToken');
    }
  });

  it('refuses a role that lacks the endpoint’s power', async () => {
    const t = app();
    const { enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const clients = new Map<number, Client>();
    for (const [name, ep] of all.filter(([, e]) => e.power)) {
      const role = ROLES.find((r) => !hasPower(powersOfRole(r), ep.power));
      if (!role) continue;
      if (!clients.has(role)) clients.set(role, (await loggedIn(t.app, t.deps.db, { roles: [role], enterpriseId })).client);
      expect((await (clients.get(role) as Client).call(ep, {})).code, `${name} as role ${role}`).toBe(ep.adminOnly ? 'ADMIN_ONLY' : 'NO_POWER');
    }
  });
}
