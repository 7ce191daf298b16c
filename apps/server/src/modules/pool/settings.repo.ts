// The statements of the pool's rules and the engineers' pool settings (pool.settings.ts), with their presenters.
import type { PoolProfile, PoolRule, poolProfileBody, poolRuleBody } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Executor, rows } from '../../db/client';
import { textArray } from '../../platform/sql';

export type RuleBody = z.infer<typeof poolRuleBody>;
export type ProfileBody = z.infer<typeof poolProfileBody>;

/** A pool rule as listRules reads it. */
interface RuleRaw {
  id: number;
  name: string;
  enabled: boolean;
  template_id: number | null;
  template_name: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  skills: string[] | null;
  sort: number;
}

/** The one place a pool rule becomes the contract's. */
const toPoolRule = (r: RuleRaw): PoolRule => ({
  id: r.id,
  name: r.name,
  enabled: r.enabled,
  templateId: r.template_id,
  templateName: r.template_name,
  provinceCode: r.province_code,
  cityCode: r.city_code,
  districtCode: r.district_code,
  skills: r.skills ?? [],
  sort: r.sort,
});

/** An engineer's pool-settings columns as read from pool_profiles (none saved: all null). */
export interface ProfileColumns {
  area_codes: string[] | null;
  base_lat: number | null;
  base_lng: number | null;
  radius_m: number | null;
  skills: string[] | null;
  daily_cap: number | null;
}

/** An engineer with their pool settings as listProfiles reads them. */
interface ProfileRaw extends ProfileColumns {
  id: number;
  name: string;
}

/** The one place an engineer's pool settings become the contract's (defaults when none are saved). */
const toPoolProfile = (x: ProfileRaw): PoolProfile => ({
  userId: x.id,
  name: x.name,
  areaCodes: x.area_codes ?? [],
  baseLat: x.base_lat,
  baseLng: x.base_lng,
  radiusM: x.radius_m,
  skills: x.skills ?? [],
  dailyCap: x.daily_cap ?? 0,
});

export async function selectRules(ex: Executor, enterpriseId: number): Promise<PoolRule[]> {
  const r = await rows<RuleRaw>(
    ex,
    sql`select r.*, t.name as template_name from pool_rules r
      left join form_templates t on t.enterprise_id = r.enterprise_id and t.id = r.template_id
      where r.enterprise_id = ${enterpriseId} order by r.sort, r.id limit 200`,
  );
  return r.map(toPoolRule);
}

/** Whether the id is one of the enterprise's order types. */
export async function orderTypeExists(ex: Executor, enterpriseId: number, templateId: number): Promise<boolean> {
  const t = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${enterpriseId} and id = ${templateId} and form_kind = 1`,
  );
  return t.length > 0;
}

const ruleColumns = (
  b: RuleBody,
) => sql`name = ${b.name}, enabled = ${b.enabled}, template_id = ${b.templateId ?? null}, province_code = ${b.provinceCode ?? null},
    city_code = ${b.cityCode ?? null}, district_code = ${b.districtCode ?? null}, skills = ${textArray(b.skills)}, sort = ${b.sort}, updated_at = now()`;

/** The rule's new values; its id, or undefined when it is not the enterprise's. */
export async function updateRule(ex: Executor, enterpriseId: number, id: number, b: RuleBody): Promise<number | undefined> {
  const [u] = await rows<{ id: number }>(ex, sql`update pool_rules set ${ruleColumns(b)} where enterprise_id = ${enterpriseId} and id = ${id} returning id`);
  return u?.id;
}

export async function insertRule(ex: Executor, enterpriseId: number, b: RuleBody): Promise<number | undefined> {
  const [n] = await rows<{ id: number }>(
    ex,
    sql`insert into pool_rules (enterprise_id, name, enabled, template_id, province_code, city_code, district_code, skills, sort)
      values (${enterpriseId}, ${b.name}, ${b.enabled}, ${b.templateId ?? null}, ${b.provinceCode ?? null}, ${b.cityCode ?? null},
        ${b.districtCode ?? null}, ${textArray(b.skills)}, ${b.sort}) returning id`,
  );
  return n?.id;
}

/** Deletes the rule; whether it was the enterprise's. */
export async function removeRule(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(ex, sql`delete from pool_rules where enterprise_id = ${enterpriseId} and id = ${id} returning id`);
  return r.length > 0;
}

/** Every enabled service person (role 2) with their pool settings (defaults when none are saved). */
export async function selectProfiles(ex: Executor, enterpriseId: number): Promise<PoolProfile[]> {
  const r = await rows<ProfileRaw>(
    ex,
    sql`select u.id, u.name, p.area_codes, p.base_lat, p.base_lng, p.radius_m, p.skills, p.daily_cap from users u
      left join pool_profiles p on p.enterprise_id = u.enterprise_id and p.user_id = u.id
      where u.enterprise_id = ${enterpriseId} and u.enabled and u.deleted_at is null and 2 = any(u.roles) order by u.id limit 1000`,
  );
  return r.map(toPoolProfile);
}

/** Whether the user is a service person (role 2) of the enterprise, not deleted. */
export async function engineerExists(ex: Executor, enterpriseId: number, userId: number): Promise<boolean> {
  const u = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from users where enterprise_id = ${enterpriseId} and id = ${userId} and deleted_at is null and 2 = any(roles)`,
  );
  return u.length > 0;
}

export async function upsertProfile(ex: Executor, enterpriseId: number, b: ProfileBody): Promise<void> {
  await ex.execute(sql`insert into pool_profiles (enterprise_id, user_id, area_codes, base_lat, base_lng, radius_m, skills, daily_cap)
    values (${enterpriseId}, ${b.userId}, ${textArray(b.areaCodes)}, ${b.baseLat ?? null}, ${b.baseLng ?? null}, ${b.radiusM ?? null}, ${textArray(b.skills)}, ${b.dailyCap})
    on conflict (enterprise_id, user_id) do update set area_codes = excluded.area_codes, base_lat = excluded.base_lat, base_lng = excluded.base_lng,
      radius_m = excluded.radius_m, skills = excluded.skills, daily_cap = excluded.daily_cap, updated_at = now()`);
}
