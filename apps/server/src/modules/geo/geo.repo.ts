// The geocoder's statements (geo.service.ts): the rows to place or refine, its own writes, and the demo's engineer pins.
import type { Executor } from '../../db/client';
import { rows, sql } from '../../db/client';
import type { GeoTable } from '../../platform/geo/geocoder';

/** A row not geocoded yet, as geocodePending reads it. */
export interface PendingGeoRow {
  id: number;
  enterprise_id: number;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  full_address: string | null;
  latitude: number | null;
  longitude: number | null;
}

const idArray = (ids: number[]) => `{${ids.map(Math.trunc).join(',')}}`;

/** The geocoder's own writes: the staleness trigger lets them pass. `onlyIf`: only while the address is still this text. */
export async function writeGeo(
  ex: Executor,
  table: GeoTable,
  enterpriseId: number,
  id: number,
  lng: number | null,
  lat: number | null,
  precision: string,
  onlyIf?: string,
) {
  await rows<{ id: number }>(
    ex,
    sql`with flag as (select set_config('sk.geo', '1', true))
      update ${sql.raw(table)} set longitude = ${lng}, latitude = ${lat}, geo_precision = ${precision}
      where enterprise_id = ${enterpriseId} and id = ${id} and (select true from flag) ${onlyIf === undefined ? sql`` : sql`and full_address = ${onlyIf}`} returning id`,
  );
  await rows<{ flag: string }>(ex, sql`select set_config('sk.geo', '', true) as flag`);
}

/** Rows not geocoded yet (of an enterprise, some ids, or every enterprise's), locked, skipping those another batch holds. */
export function pendingGeoRows(ex: Executor, table: GeoTable, o: { enterpriseId?: number; ids?: number[]; limit: number }): Promise<PendingGeoRow[]> {
  return rows<PendingGeoRow>(
    ex,
    sql`select id::int as id, enterprise_id::int as enterprise_id, province_code, city_code, district_code, full_address, latitude, longitude
      from ${sql.raw(table)} where geo_precision is null
        ${o.enterpriseId ? sql`and enterprise_id = ${o.enterpriseId}` : sql``}
        ${o.ids ? sql`and id = any(${idArray(o.ids)}::bigint[])` : sql``}
      order by enterprise_id, id limit ${o.limit} for update skip locked`,
  );
}

/** The addresses and precisions of rows an online provider may refine. */
export function geoRowsOf(ex: Executor, table: GeoTable, enterpriseId: number, ids: number[]) {
  return rows<{ id: number; full_address: string | null; geo_precision: string | null }>(
    ex,
    sql`select id::int as id, full_address, geo_precision from ${sql.raw(table)}
      where enterprise_id = ${enterpriseId} and id = any(${idArray(ids)}::bigint[])`,
  );
}

/** The enterprise's enabled engineers. */
export const enabledEngineers = (ex: Executor, enterpriseId: number) =>
  rows<{ id: number }>(
    ex,
    sql`select id::int as id from users where enterprise_id = ${enterpriseId} and enabled and deleted_at is null and 2 = any(roles) order by id`,
  );

/** The distinct pins of the enterprise's orders. */
export const orderPins = (ex: Executor, enterpriseId: number) =>
  rows<{ latitude: number; longitude: number }>(
    ex,
    sql`select distinct latitude, longitude from orders where enterprise_id = ${enterpriseId} and latitude is not null and deleted_at is null
      order by latitude, longitude`,
  );

/** An engineer's position, unless he has one. */
export const placeEngineer = (ex: Executor, enterpriseId: number, userId: number, lat: number, lng: number) =>
  ex.execute(sql`insert into engineer_positions (enterprise_id, user_id, latitude, longitude, accuracy, reported_at)
      values (${enterpriseId}, ${userId}, ${lat}, ${lng}, 30, now()) on conflict (enterprise_id, user_id) do nothing`);
