import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { AppError } from './errors';

/** How long a gateway may take to accept a text before the send counts as failed. */
export const SMS_TIMEOUT_MS = 10_000;

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

/** Posts { mobile, text } as JSON to a gateway URL; a refusal, an unreachable or a silent gateway is 短信发送失败. */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly timeoutMs = SMS_TIMEOUT_MS,
    private readonly warn: (msg: string) => void = (m) => console.warn(m),
  ) {}
  async send(mobile: string, text: string): Promise<void> {
    let status: number;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, text }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      this.warn(`[sms] gateway unreachable or silent: ${(err as Error).message}`);
      throw new AppError('SMS_FAILED');
    }
    if (status < 200 || status >= 300) {
      this.warn(`[sms] gateway answered ${status}`);
      throw new AppError('SMS_FAILED');
    }
  }
}

/**
 * Sends a text that carries a link already committed, with no transaction open: a slow gateway holds no pool connection
 * and no lock. When the send fails, `undo` removes the link (nobody received it); when it succeeds, `confirm` runs in its
 * own transaction (retiring the links the new one replaces, so a failed send leaves the earlier link working).
 */
export async function sendLinkText(
  db: Db,
  sms: SmsSender,
  m: { mobile: string; text: string; token: string },
  after: { undo: (ex: Db) => Promise<unknown>; confirm?: (tx: Tx) => Promise<unknown> },
): Promise<void> {
  try {
    await sms.send(m.mobile, m.text, m.token);
  } catch (err) {
    await after.undo(db);
    throw err;
  }
  if (after.confirm) await db.transaction(after.confirm);
}

export function createSmsSender(config: Config): SmsSender {
  if (config.SMS_SENDER === 'http' && config.SMS_HTTP_URL) return new HttpSmsSender(config.SMS_HTTP_URL);
  return new LogSmsSender();
}
