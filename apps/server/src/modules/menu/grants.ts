import type { Deps } from '../../platform/deps';
import type { SessionUser } from '../../platform/session';

/**
 * Menu entries a user reaches by what he is named on rather than by his role's powers (a project's approver with an
 * approval waiting, a task's principal). An area plugs in a function answering router names; the menu shows those
 * staff entries besides the ones his powers hold. The pages list only the user's own items.
 */
export type MenuGrantFn = (ctx: { user: SessionUser; deps: Deps }) => Promise<string[]>;

const grants = new Set<MenuGrantFn>();

export function registerMenuGrant(fn: MenuGrantFn): () => void {
  grants.add(fn);
  return () => grants.delete(fn);
}

export async function grantsFor(deps: Deps, user: SessionUser): Promise<string[]> {
  if (user.userType === 1) return [];
  const all = await Promise.all([...grants].map((fn) => fn({ user, deps })));
  return [...new Set(all.flat())];
}
