/** Every API answer is HTTP 200 with this envelope. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
  /** Stable machine-readable code, present when success is false. */
  code?: string;
}

export const ok = <T>(data: T, message = ''): Envelope<T> => ({ success: true, message, data });

export interface Paged<T> {
  list: T[];
  count: number;
}
