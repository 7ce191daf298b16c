// Types the complaint files share (the repo imports no service or SLA file: docs/architecture.md).

/** A complaint level's response and resolution targets, in minutes of calendar or business time. */
export interface LevelTarget {
  level: string;
  responseMinutes: number;
  resolveMinutes: number;
  business: boolean;
}

/** The complaint's clock types on the SLA clock engine: 1 response (met on accept), 2 resolution (met on resolve). */
export const COMPLAINT_CLOCK = { response: 1, resolve: 2 } as const;
