// The HTTP SMS sender against a local gateway: what it posts, and that a refusal, a silent gateway and an unreachable
// one all end as 短信发送失败 (an envelope, never an HTTP 500 or a request that hangs on the gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmsGateway, startSmsGateway } from '../test/sms-gateway';
import { AppError } from './errors';
import { HttpSmsSender } from './sms';

let gw: SmsGateway;
beforeAll(async () => {
  gw = await startSmsGateway();
});
afterAll(async () => gw.close());

const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return { code: (err as AppError).code, message: (err as AppError).message };
};

describe('HttpSmsSender', () => {
  it('posts the mobile and the text as JSON', async () => {
    await new HttpSmsSender(gw.url).send('13900001111', '【测试】您好');
    expect(gw.texts.at(-1)).toEqual({ mobile: '13900001111', text: '【测试】您好' });
  });

  it('a refusal, a silent gateway and an unreachable one are 短信发送失败', async () => {
    const warned: string[] = [];
    const sender = new HttpSmsSender(gw.url, 300, (m) => warned.push(m));
    gw.status = 500;
    expect(await failure(sender.send('13900001111', 'a'))).toEqual({ code: 'SMS_FAILED', message: '短信发送失败，请稍后再试' });
    gw.status = 200;
    const release = gw.hold();
    try {
      expect((await failure(sender.send('13900001111', 'b'))).code).toBe('SMS_FAILED');
    } finally {
      release();
    }
    const gone = new HttpSmsSender('http://127.0.0.1:9/sms', 300, (m) => warned.push(m));
    expect((await failure(gone.send('13900001111', 'c'))).code).toBe('SMS_FAILED');
    expect(warned).toHaveLength(3);
    expect(warned[0]).toContain('500');
  });
});
