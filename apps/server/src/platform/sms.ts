import type { Config } from '../config';

/** Sends a text to a mobile. Deployments plug in their SMS provider behind this. */
export interface SmsSender {
  send(mobile: string, text: string, code: string): Promise<void>;
  /** Development only: the last code sent to a mobile (the dev outbox endpoint). */
  lastCode?(mobile: string): string | null;
}

/** Default sender: writes the code to the server log and keeps it for the dev outbox. */
export class LogSmsSender implements SmsSender {
  private readonly outbox = new Map<string, string>();
  constructor(private readonly log: (msg: string) => void = (m) => console.info(m)) {}
  async send(mobile: string, text: string, code: string): Promise<void> {
    this.outbox.set(mobile, code);
    this.log(`[sms] ${mobile}: ${text}`);
  }
  lastCode(mobile: string): string | null {
    return this.outbox.get(mobile) ?? null;
  }
}

/** Posts { mobile, text } as JSON to a gateway URL. */
export class HttpSmsSender implements SmsSender {
  constructor(private readonly url: string) {}
  async send(mobile: string, text: string): Promise<void> {
    const res = await fetch(this.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mobile, text }) });
    if (!res.ok) throw new Error(`sms gateway answered ${res.status}`);
  }
}

export function createSmsSender(config: Config): SmsSender {
  if (config.SMS_SENDER === 'http' && config.SMS_HTTP_URL) return new HttpSmsSender(config.SMS_HTTP_URL);
  return new LogSmsSender();
}
