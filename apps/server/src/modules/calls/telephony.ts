import { createHmac } from 'node:crypto';

/** What a dial request carries to the telephony platform. */
export interface DialRequest {
  /** Our id of the call; the platform's events for it come back with it as callId. */
  callId: string;
  seatNo: string;
  number: string;
}

/** Places outbound calls. Each enterprise picks one by its call_provider setting (docs/calls.md). */
export interface Dialer {
  dial(req: DialRequest): Promise<void>;
}

/** Default (记录): nothing to call; the call is recorded and the agent dials on his own phone. Works with no network. */
export class RecordOnlyDialer implements Dialer {
  async dial(): Promise<void> {}
}

/**
 * HTTP: posts { callId, seatNo, number } as JSON to the platform's dial URL, signed like the events it sends us
 * (x-sk-timestamp, x-sk-signature = hex HMAC-SHA256 of `${timestamp}.${body}` under the enterprise's secret).
 * Anything but a 2xx answer within 5 s is a failure.
 */
export class HttpDialer implements Dialer {
  constructor(
    private readonly url: string,
    private readonly secret: string,
  ) {}
  async dial(req: DialRequest): Promise<void> {
    const body = JSON.stringify(req);
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sk-timestamp': ts, 'x-sk-signature': signCallBody(this.secret, ts, body) },
      body,
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`dial answered ${res.status}`);
  }
}

/** The one signature of the call centre, both ways: hex HMAC-SHA256 of `${timestamp}.${body}`. */
export const signCallBody = (secret: string, timestamp: string, body: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
