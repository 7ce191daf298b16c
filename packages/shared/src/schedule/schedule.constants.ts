/** Longest range of the schedule table and report, in days. */
export const SCHEDULE_MAX_DAYS = 31;

/** The working slots of an enterprise that has set none (minutes since midnight). */
export const SCHEDULE_DEFAULT_INTERVALS = [
  { name: '上午', start: 8 * 60, end: 12 * 60 },
  { name: '下午', start: 13 * 60, end: 18 * 60 },
] as const;

/** The setting holding how long one visit occupies an engineer. */
export const VISIT_MINUTES_SETTING = 'schedule_visit_minutes';

/**
 * Order states whose appointment holds the engineer's time: the open ones (waiting to accept, accepted, in service).
 * A completed, archived, cancelled, invalid or deleted order frees its slot.
 */
export const BUSY_STATES = [2, 3, 4] as const;
/** Visits the schedule shows: the open ones and the completed ones (history of the day). */
export const VISIT_STATES = [2, 3, 4, 5] as const;

export const LOAD_LABELS = { under: '空闲', optimal: '适中', full: '饱和', overbooked: '超负荷' } as const;
export const LOAD_COLORS = { under: 'blue', optimal: 'green', full: 'orange', overbooked: 'red' } as const;

/** Booked minutes against working minutes: under half is under, up to 85% optimal, up to 100% full, beyond overbooked. */
export function loadLevelOf(minutes: number, capacity: number): keyof typeof LOAD_LABELS {
  if (capacity <= 0) return minutes > 0 ? 'overbooked' : 'under';
  const r = minutes / capacity;
  if (r > 1) return 'overbooked';
  if (r > 0.85) return 'full';
  if (r >= 0.5) return 'optimal';
  return 'under';
}

export const minuteText = (m: number): string => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
export const minuteOf = (hhmm: string): number => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** A navigation link (AutoNavi's URI API, which opens the app on a phone and the web page elsewhere). */
export const navUrl = (lat: number, lng: number, name: string): string =>
  `https://uri.amap.com/navigation?to=${lng},${lat},${encodeURIComponent(name)}&mode=car&coordinate=gaode&callnative=1`;

/** How precise a pin on the map is (the order's geo precision): the centre of its province, city or district, or the place. */
export const GEO_PRECISION_LABELS = { province: '省份', city: '城市', district: '区县', exact: '精确' } as const;
