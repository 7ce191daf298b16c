import { isOverdue, isPaid, type PlanId } from '@sk/shared';
import type { SessionUser } from './session';

/** The enterprise's plan as the Actor carries it (read with the session, so no service queries it again). */
export interface ActorPlan {
  /** The enterprise's isChargeUser: 0 free, 1 VIP, 2 trial. */
  id: PlanId;
  /** When a paid or trial plan's service ends; null: it does not end. */
  endsAt: string | null;
  /** The seat notice the organisation module keeps while more users are enabled than seats were bought; else null. */
  seatNotice: string | null;
}

/**
 * Who asks, made once per request (`Ctx.actor`) and passed to every service (services never take the session user),
 * as the scope rules of every record kind need it: made from the session user. An outsourced
 * provider's user carries the provider, and every scope narrows to that provider's records. Where the enterprise
 * itself acts with a zone (a public report link, a generated cycle order) this is all there is.
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

/**
 * The Actor of a signed-in user, as `actorOf` makes it (what `ctx.actor` is): the Actor with the user's name, roles,
 * type and department and the enterprise's plan, read with the session. A service that needs any of these takes it.
 */
export interface UserActor extends Actor {
  /** The user's name, as records and logs show who acted. */
  name: string;
  /** Every role the user holds; the current one is `sysrole`. */
  roles: readonly number[];
  /** 0 the enterprise's staff, 1 an outsourced provider's user. */
  userType: number;
  deptId: number | null;
  /** The enterprise's name (the signature of the messages sent on its behalf). */
  enterpriseName: string;
  plan: ActorPlan;
}

export const actorOf = (u: SessionUser): UserActor => ({
  id: u.id,
  enterpriseId: u.enterpriseId,
  name: u.name,
  sysrole: u.sysrole,
  roles: u.allRoles,
  admin: u.admin,
  powers: u.powers,
  userType: u.userType,
  providerId: u.providerId,
  deptId: u.deptId,
  enterpriseName: u.enterprise.name,
  timeZone: u.enterprise.timeZone,
  plan: { id: u.enterprise.isChargeUser, endsAt: u.enterprise.epServiceExpireTime, seatNotice: u.enterprise.versionMessage },
});

/** A paid or trial plan (the free plan refuses the features of FREE_LOCKED_FEATURES). */
export const paidPlan = (a: Pick<UserActor, 'plan'>): boolean => isPaid(a.plan.id);
/** A paid or trial plan whose service end has passed. */
export const planOverdue = (a: Pick<UserActor, 'plan'>): boolean => isOverdue(a.plan.id, a.plan.endsAt);

/**
 * Who acts without a request (a job, a hook, automatic dispatch): the Actor without the request's zone.
 * Services that a job may call take this; every other service takes the whole Actor.
 */
export type SystemActor = Pick<Actor, 'id' | 'enterpriseId' | 'sysrole' | 'admin' | 'providerId' | 'powers'>;

/** The system acting for an enterprise: an administrator with no user, logged with user_id null (shown as 系统). */
export const systemActor = (enterpriseId: number): SystemActor => ({ id: 0, enterpriseId, sysrole: null, admin: true, providerId: null, powers: [] });
