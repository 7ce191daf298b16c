/**
 * The call centre (呼叫中心, docs/calls.md): seats bound to users, call records fed by a provider-neutral signed
 * call-event endpoint, the screen pop, call-back tasks for missed calls and click-to-call.
 */
export const CALL_DIRECTIONS = { 1: '呼入', 2: '呼出' } as const;
export type CallDirection = 1 | 2;

/** Call record states (callRecordMachine): 1 振铃中 → 2 通话中 → 3 已接通; 1 → 4 未接 (ended without an answer). */
export const CALL_STATES = {
  1: { label: '振铃中', color: '#ad4e00' },
  2: { label: '通话中', color: '#1668dc' },
  3: { label: '已接通', color: '#237804' },
  4: { label: '未接', color: '#c41d7f' },
} as const;
export type CallState = keyof typeof CALL_STATES;

/** The call-back task of a missed call (callbackMachine): 0 none, 1 待回电, 2 已回电. */
export const CALLBACK_STATES = { 0: '无', 1: '待回电', 2: '已回电' } as const;

/** A seat's state: off (停用), or following its user's availability tag (空闲 / 忙碌 …), and 通话中 during a call. */
export const SEAT_STATES = {
  0: { label: '停用', color: '#595959' },
  1: { label: '空闲', color: '#237804' },
  2: { label: '通话中', color: '#1668dc' },
  3: { label: '离开', color: '#ad4e00' },
} as const;
export type SeatState = keyof typeof SEAT_STATES;
/** The availability tag (tags code 1) that makes a seat ready to take calls; no tag at all counts as ready too. */
export const SEAT_READY_TAG = '空闲';

/** What a telephony platform posts to /call/events/:enterpriseId. */
export const CALL_EVENT_KINDS = ['ringing', 'answered', 'ended', 'recording'] as const;
export type CallEventKind = (typeof CALL_EVENT_KINDS)[number];

/** Headers of a signed call event: unix seconds, and hex HMAC-SHA256 of `${timestamp}.${raw body}` under the enterprise's secret. */
export const CALL_TIMESTAMP_HEADER = 'x-sk-timestamp';
export const CALL_SIGNATURE_HEADER = 'x-sk-signature';
/** A call event older or newer than this many seconds is refused (a replayed capture). */
export const CALL_EVENT_MAX_SKEW_S = 300;

/** Settings (docs/settings.md). */
export const CALL_SECRET_SETTING = 'call_event_secret';
export const CALL_PROVIDER_SETTING = 'call_provider';
export const CALL_PROVIDER_URL_SETTING = 'call_provider_url';
/** call_provider: 记录 (no platform: the call is recorded, the agent dials on his desk phone) or HTTP (a platform's dial URL). */
export const CALL_PROVIDER_OPTIONS = ['记录', 'HTTP'] as const;

/** The socket frame that rings the seat user's browser: `{ eventType: 'callPop', data: { callRecordId } }`. */
export const CALL_POP_EVENT = 'callPop';

/** The menu power of 呼叫中心 / 通话记录. */
export const CALL_POWER = 'menu_Callcenter';

/**
 * The number as calls are matched on: digits only, a +86/86 country prefix dropped ('+86 139-0000-1111' → '13900001111').
 */
export function normalizeNumber(raw: string): string {
  const digits = raw.replace(/[^\d]/g, '');
  if (digits.length === 13 && digits.startsWith('861')) return digits.slice(2);
  return digits;
}
