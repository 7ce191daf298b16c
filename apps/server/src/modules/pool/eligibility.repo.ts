// The statements of pool eligibility (eligibility.ts): the engineer's facts and the conditions on `orders o` they make.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { bigints, textArray } from '../../platform/sql';
import { capReached, type Engineer } from './eligibility';
import type { ProfileColumns } from './settings.repo';

/** Distances on a sphere of this radius (as distanceMeters in packages/shared). */
export const EARTH_RADIUS_M = 6378137;

/** Metres from a point to the order's coordinates (null without them). */
export function distanceSql(lat: number, lng: number): SQL {
  return sql`(${2 * EARTH_RADIUS_M}::float8 * asin(sqrt(
    power(sin(radians(o.latitude - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(o.latitude)) * power(sin(radians(o.longitude - ${lng}::float8) / 2), 2))))`;
}

/** The list's distance column: from the engineer's base, else null. */
export const distanceFrom = (base: { lat: number; lng: number } | null): SQL => (base ? distanceSql(base.lat, base.lng) : sql`null::float8`);

/** The engineer's groups, pool settings and today's grabs (`today` is midnight in the enterprise's zone). */
export async function engineerOf(ex: Executor, enterpriseId: number, userId: number, timeZone: string): Promise<Engineer> {
  const [r] = await rows<ProfileColumns & { groups: string[] | null; grabbed_today: number }>(
    ex,
    sql`select
      (select array_agg(group_id) from service_group_members where enterprise_id = ${enterpriseId} and user_id = ${userId}) as groups,
      p.area_codes, p.base_lat, p.base_lng, p.radius_m, p.skills, p.daily_cap,
      (select count(*)::int from orders g where g.enterprise_id = ${enterpriseId} and g.service_user_id = ${userId} and g.grabbed
        and g.taken_at >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})) as grabbed_today
    from (select 1) one left join pool_profiles p on p.enterprise_id = ${enterpriseId} and p.user_id = ${userId}`,
  );
  return {
    id: userId,
    enterpriseId,
    groups: (r?.groups ?? []).map(Number),
    areaCodes: r?.area_codes ?? [],
    base: r?.base_lat != null && r?.base_lng != null ? { lat: r.base_lat, lng: r.base_lng } : null,
    radiusM: r?.radius_m ?? null,
    skills: r?.skills ?? [],
    dailyCap: r?.daily_cap ?? 0,
    grabbedToday: r?.grabbed_today ?? 0,
  };
}

/** Orders in the pool of the enterprise (on `orders o`). */
export const inPoolSql = (enterpriseId: number): SQL => sql`o.enterprise_id = ${enterpriseId} and o.in_pool and o.state = 1 and o.deleted_at is null`;

/** The conditions an engineer's pooled order meets (besides being in the pool); false once the daily cap is reached. */
export function eligibleSql(e: Engineer): SQL {
  if (capReached(e)) return sql`false`;
  const parts: SQL[] = [];
  // An order of a service group is for its members; an order without one is for everyone.
  parts.push(e.groups.length ? sql`(o.service_group_id is null or o.service_group_id = any(${bigints(e.groups)}))` : sql`o.service_group_id is null`);
  // No areas and no radius: the engineer serves everywhere (docs/decisions.md).
  const area: SQL[] = [];
  if (e.areaCodes.length) {
    const codes = textArray(e.areaCodes);
    area.push(sql`o.province_code = any(${codes}) or o.city_code = any(${codes}) or o.district_code = any(${codes})`);
  }
  if (e.base && e.radiusM) area.push(sql`(o.latitude is not null and o.longitude is not null and ${distanceSql(e.base.lat, e.base.lng)} <= ${e.radiusM})`);
  if (area.length) parts.push(sql`(${sql.join(area, sql` or `)})`);
  // The skill tags the entry asks for are all the engineer's.
  parts.push(sql`not exists (select 1 from pool_entries pe where pe.enterprise_id = o.enterprise_id and pe.order_id = o.id
    and cardinality(pe.skills) > 0 and not (pe.skills <@ ${textArray(e.skills)}))`);
  return sql.join(parts, sql` and `);
}
