import type { UserActor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import type { SessionUser } from '../../platform/session';
import { registrationSite } from '../../platform/registry';

/**
 * Menu entries a user reaches by what he is named on rather than by his role's powers (a project's approver with an
 * approval waiting, a task's principal). An area plugs in a function answering router names; the menu shows those
 * staff entries besides the ones his powers hold. The pages list only the user's own items.
 */
export interface MenuGrantCtx {
  actor: UserActor;
  /** The session user, only for the projects module's grant until it takes `actor`. */
  user: SessionUser;
  deps: Deps;
}
export type MenuGrantFn = (ctx: MenuGrantCtx) => Promise<string[]>;

const grants = new Map<string, { fn: MenuGrantFn; site: string }>();

/** Plugs in a grant under its name (registering the name again replaces it); answers its remover. */
export function registerMenuGrant(name: string, fn: MenuGrantFn): () => void {
  const entry = { fn, site: registrationSite() };
  grants.set(name, entry);
  return () => {
    if (grants.get(name) === entry) grants.delete(name);
  };
}

/** The grants plugged in, in registration order, with where each was registered (the wiring snapshot). */
export const menuGrantEntries = (): { name: string; site: string }[] => [...grants.entries()].map(([name, g]) => ({ name, site: g.site }));

export async function grantsFor(deps: Deps, actor: UserActor, user: SessionUser): Promise<string[]> {
  if (actor.userType === 1) return [];
  const all = await Promise.all([...grants.values()].map((g) => g.fn({ actor, user, deps })));
  return [...new Set(all.flat())];
}
