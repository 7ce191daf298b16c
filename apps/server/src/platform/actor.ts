import type { SessionUser } from './session';

/**
 * Who asks, as the scope rules of every record kind need it: made from the session user. An outsourced
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

/** Who is asking, as far as a query's scope needs: sessions and export jobs both give it. */
export type Viewer = Pick<Actor, 'id' | 'enterpriseId' | 'sysrole' | 'timeZone'>;
