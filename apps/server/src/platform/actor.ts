import type { SessionUser } from './session';

/**
 * Who asks, made once per request (`Ctx.actor`) and passed to every service (services never take the session user),
 * as the scope rules of every record kind need it: made from the session user. An outsourced
 * provider's user carries the provider, and every scope narrows to that provider's records.
 */
export interface Actor {
  id: number;
  enterpriseId: number;
  /** The current role (powers follow it). */
  sysrole: number | null;
  admin: boolean;
  powers: readonly string[];
  /** An outsourced user's service provider; null for the enterprise's own staff. */
  providerId: number | null;
  timeZone: string;
}

export const actorOf = (u: SessionUser): Actor => ({
  id: u.id,
  enterpriseId: u.enterpriseId,
  sysrole: u.sysrole,
  admin: u.admin,
  powers: u.powers,
  providerId: u.providerId,
  timeZone: u.enterprise.timeZone,
});

/**
 * Who acts without a request (a job, a hook, automatic dispatch): the Actor without the request's zone. Services that a
 * job may call take this; every other service takes the whole Actor.
 */
export type SystemActor = Pick<Actor, 'id' | 'enterpriseId' | 'sysrole' | 'admin' | 'providerId' | 'powers'>;

/** The system acting for an enterprise: an administrator with no user, logged with user_id null (shown as 系统). */
export const systemActor = (enterpriseId: number): SystemActor => ({ id: 0, enterpriseId, sysrole: null, admin: true, providerId: null, powers: [] });
