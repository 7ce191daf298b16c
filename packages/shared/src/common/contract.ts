import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint, declared once: the server registers it, the web client calls it.
 * `path` is the spec's path without the `/api` prefix.
 */
export interface EndpointDef {
  method: Method;
  path: string;
  /** Chinese name of the endpoint, the OpenAPI operation's summary (without one the summary is derived from the table and key). */
  title?: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Shape of `data` in a successful envelope: client typing, and checked on every answer in tests and development. */
  response: z.ZodType;
  /** Power code the caller must hold; empty or absent means any logged-in user. */
  power?: string;
  /** Feature locked on the free plan (a key of FREE_LOCKED_FEATURES). */
  plan?: string;
  /**
   * 'public' endpoints need no session (login, register, version); 'portal' ones need the customer portal's own
   * session (cookie sk_portal, docs/portal.md) and never accept a staff session.
   */
  auth?: 'public' | 'session' | 'portal';
  /** Reachable by a user without roles / on an expired plan (session info, logout). */
  allowNoRole?: boolean;
  allowExpired?: boolean;
  /** Refused while the paid plan's seats are exceeded. */
  quota?: boolean;
  /** Only enterprise administrators. */
  adminOnly?: boolean;
  /**
   * Rate-limit class when neither its path (common/rate.ts's tables) nor its `auth` gives the right one (docs/api.md
   * "Rate limits").
   */
  rate?: 'people' | 'anonymous' | 'heavy' | 'tight';
}

export const endpoint = <const E extends EndpointDef>(e: E): E => e;

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type Input<T> = T extends z.ZodType ? z.input<T> : undefined;

export type QueryOf<E extends EndpointDef> = Infer<E['query']>;
export type BodyOf<E extends EndpointDef> = Infer<E['body']>;
export type QueryInput<E extends EndpointDef> = Input<E['query']>;
export type BodyInput<E extends EndpointDef> = Input<E['body']>;
export type ResponseOf<E extends EndpointDef> = z.infer<E['response']>;
