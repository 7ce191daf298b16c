import { USER_STATUS_CODE } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { bigints } from '../../platform/sql';
import { orderScope } from '../orders/index';
import type { EngineerFacts, OrderFacts } from './planning.types';

/** The planner's reads of orders and engineers (the orders the actor may see; enabled engineers of the enterprise). */

type OrderRow = Omit<OrderFacts, 'dueMs' | 'areaCodes'> & { province_code: string | null; city_code: string | null; district_code: string | null };

export async function ordersOf(ex: Executor, u: Actor, ids: number[]): Promise<Omit<OrderFacts, 'dueMs'>[]> {
  if (!ids.length) return [];
  const found = await rows<OrderRow>(
    ex,
    sql`select o.id::int as id, o.order_no as "orderNo", o.title, o.full_address as address, o.latitude, o.longitude, o.state, o.priority,
        o.version::int as version, o.service_group_id::int as "groupId", o.province_code, o.city_code, o.district_code,
        coalesce((select pe.skills from pool_entries pe where pe.enterprise_id = o.enterprise_id and pe.order_id = o.id and o.in_pool), '{}') as skills,
        (select m.category from installed_products ip join product_models m on m.enterprise_id = ip.enterprise_id and m.id = ip.product_id
          where ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id) as category,
        o.service_user_id::int as "serviceUserId",
        coalesce(o.custom_phone, (select c.phone from customer_contacts c where c.enterprise_id = o.enterprise_id and c.id = o.contact_id)) as phone
      from orders o
      where o.enterprise_id = ${u.enterpriseId} and o.id = any(${bigints(ids)}) and o.deleted_at is null and ${orderScope(u)}
      order by o.priority, o.created_at, o.id`,
  );
  return found.map(({ province_code, city_code, district_code, ...o }) => ({
    ...o,
    areaCodes: [province_code, city_code, district_code].filter((c): c is string => !!c),
  }));
}

/** Waiting orders (待派单, not invalid), the pool's or the rest, most urgent and oldest first. */
export async function waitingIds(ex: Executor, u: Actor, pooled: boolean, limit: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    ex,
    sql`select o.id::int as id from orders o
      where o.enterprise_id = ${u.enterpriseId} and o.state = 1 and o.deleted_at is null and not o.invalid and o.in_pool = ${pooled} and ${orderScope(u)}
      order by o.priority, o.created_at, o.id limit ${limit}`,
  );
  return found.map((r) => r.id);
}

interface EngineerRow {
  id: number;
  name: string;
  provider_id: number | null;
  provider_name: string | null;
  provider_enabled: boolean | null;
  region_codes: string[] | null;
  product_lines: string[] | null;
  groups: number[] | null;
  area_codes: string[] | null;
  base_lat: number | null;
  base_lng: number | null;
  radius_m: number | null;
  skills: string[] | null;
  daily_cap: number | null;
  pos_lat: number | null;
  pos_lng: number | null;
  status: string | null;
}

/** Enabled engineers (all, or the ids given) with their pool profile, provider, teams, shared position and 人员状态. */
export async function engineersOf(ex: Executor, ep: number, ids?: number[]): Promise<EngineerFacts[]> {
  const only = ids?.length ? sql`and u.id = any(${bigints(ids)})` : sql``;
  const found = await rows<EngineerRow>(
    ex,
    sql`select u.id::int as id, u.name, u.provider_id::int as provider_id, sp.name as provider_name, sp.enabled as provider_enabled,
        sp.region_codes, sp.product_lines,
        (select array_agg(m.group_id::int) from service_group_members m where m.enterprise_id = u.enterprise_id and m.user_id = u.id) as groups,
        pp.area_codes, pp.base_lat, pp.base_lng, pp.radius_m, pp.skills, pp.daily_cap, p.latitude as pos_lat, p.longitude as pos_lng,
        (select t.name from tags t where t.enterprise_id = u.enterprise_id and t.id = u.status_tag_id and t.code = ${USER_STATUS_CODE}) as status
      from users u
      left join service_providers sp on sp.enterprise_id = u.enterprise_id and sp.id = u.provider_id
      left join pool_profiles pp on pp.enterprise_id = u.enterprise_id and pp.user_id = u.id
      left join engineer_positions p on p.enterprise_id = u.enterprise_id and p.user_id = u.id
      where u.enterprise_id = ${ep} and u.enabled and u.deleted_at is null and 2 = any(u.roles) ${only}
      order by u.id limit 500`,
  );
  return found.map((r) => ({
    id: r.id,
    name: r.name,
    providerId: r.provider_id,
    providerName: r.provider_name,
    providerEnabled: r.provider_enabled ?? true,
    providerRegions: r.region_codes ?? [],
    providerLines: r.product_lines ?? [],
    groups: (r.groups ?? []).map(Number),
    areaCodes: r.area_codes ?? [],
    base: r.base_lat != null && r.base_lng != null ? { lat: r.base_lat, lng: r.base_lng } : null,
    radiusM: r.radius_m,
    skills: r.skills ?? [],
    dailyCap: r.daily_cap ?? 0,
    position: r.pos_lat != null && r.pos_lng != null ? { lat: r.pos_lat, lng: r.pos_lng } : null,
    status: r.status,
  }));
}
