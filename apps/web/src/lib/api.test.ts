import { endpoint } from '@sk/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, call, callFile, configureApi, DUPLICATE_MESSAGE, OFFLINE_MESSAGE, resetApiMemory, uploadEnvelope, uploadFailure } from './api';

const save = endpoint({ method: 'POST', path: '/thing/save', body: z.object({ name: z.string() }), response: z.unknown() });
const list = endpoint({
  method: 'GET',
  path: '/thing/list',
  query: z.object({ keyword: z.string().optional(), ids: z.array(z.number()).optional() }),
  response: z.unknown(),
});
const del = endpoint({ method: 'DELETE', path: '/thing/del', query: z.object({ ids: z.string() }), response: z.unknown() });
const names = endpoint({ method: 'GET', path: '/user/names/:ids', response: z.unknown() });

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}
let sent: Sent[];
let answer: () => Response;
const toasts: string[] = [];
const navigations: string[] = [];
let refreshes = 0;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  toasts.length = 0;
  navigations.length = 0;
  refreshes = 0;
  answer = () => json({ success: true, message: '保存成功', data: { ok: 1 } });
  resetApiMemory();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: String(init.method), headers: init.headers as Record<string, string>, body: init.body as string | undefined });
    return answer();
  });
  configureApi({
    toast: (_k, t) => toasts.push(t),
    navigate: (p) => navigations.push(p),
    refreshSession: () => refreshes++,
    csrfToken: () => 'tok-1',
    isAppShell: () => false,
    appSessionId: () => undefined,
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request shape', () => {
  it('sends GET input as the query, under /api, without a CSRF header', async () => {
    await call(list, { keyword: '张 三', ids: [1, 2] });
    expect(sent[0]?.url).toBe('/api/thing/list?keyword=%E5%BC%A0+%E4%B8%89&ids=1%2C2');
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.headers['X-CSRF-Token']).toBeUndefined();
  });

  it('sends other input as a JSON body with the session CSRF token', async () => {
    const data = await call(save, { name: 'a' });
    expect(data).toEqual({ ok: 1 });
    expect(sent[0]?.body).toBe('{"name":"a"}');
    expect(sent[0]?.headers['X-CSRF-Token']).toBe('tok-1');
    expect(sent[0]?.headers['Content-Type']).toBe('application/json');
  });

  it('sends an array body as a JSON array (batch saves)', async () => {
    const batch = endpoint({ method: 'POST', path: '/thing/batch', body: z.array(z.object({ code: z.string() })), response: z.unknown() });
    await call(batch, [{ code: 'a' }, { code: 'b' }] as never);
    expect(sent[0]?.body).toBe('[{"code":"a"},{"code":"b"}]');
  });

  it('sends a non-GET that declares only a query as the query, still with the token', async () => {
    await call(del, { ids: '1,2' });
    expect(sent[0]?.url).toBe('/api/thing/del?ids=1%2C2');
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers['X-CSRF-Token']).toBe('tok-1');
  });

  it('fills path parameters from the input', async () => {
    await call(names, { ids: '3,4' });
    expect(sent[0]?.url).toBe('/api/user/names/3%2C4');
  });

  it('toasts the success message only when asked', async () => {
    await call(save, { name: 'quiet' });
    expect(toasts).toEqual([]);
    await call(save, { name: 'loud' }, { successToast: true });
    expect(toasts).toEqual(['保存成功']);
  });
});

describe('duplicate cancel', () => {
  it('cancels an identical non-GET within 1000 ms with 请勿重复点击', async () => {
    await call(save, { name: 'a' });
    await expect(call(save, { name: 'a' })).rejects.toMatchObject({ message: DUPLICATE_MESSAGE, code: 'DUPLICATE' });
    expect(sent).toHaveLength(1);
    expect(toasts).toEqual([DUPLICATE_MESSAGE]);
  });

  it('lets a different body, a GET, or the same request after the window through', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(10_000);
    await call(save, { name: 'a' });
    await call(save, { name: 'b' });
    await call(list, {});
    await call(list, {});
    vi.setSystemTime(11_000);
    await call(save, { name: 'a' });
    expect(sent).toHaveLength(5);
  });

  it('does not cancel with the noCancel option or the X-No-Cancel header', async () => {
    await call(save, { name: 'a' });
    await call(save, { name: 'a' }, { noCancel: true });
    await call(save, { name: 'a' }, { headers: { 'X-No-Cancel': '1' } });
    expect(sent).toHaveLength(3);
    expect(sent[1]?.headers['X-No-Cancel']).toBe('1');
  });

  it('remembers only the last 20 requests', async () => {
    await call(save, { name: 'first' });
    for (let i = 0; i < 19; i++) await call(save, { name: `n${i}` });
    // 20 remembered: the first is still there.
    await expect(call(save, { name: 'first' })).rejects.toThrow(DUPLICATE_MESSAGE);
    await call(save, { name: 'n-last' });
    // The 21st pushed the first out.
    await call(save, { name: 'first' });
    expect(sent.filter((s) => s.body === '{"name":"first"}')).toHaveLength(2);
  });
});

describe('error mapping', () => {
  it.each([
    [404, '404 Error'],
    [500, '500 Error'],
    [502, 'Network Error'],
    [503, '服务暂时不可用，请稍后重试'],
    [403, 'Network Error'],
  ])('HTTP %i answers %s', async (status, message) => {
    answer = () => json({ success: false, message: 'x' }, status);
    await expect(call(list, {})).rejects.toMatchObject({ message, status });
    expect(toasts).toEqual([message]);
  });

  it('HTTP 429 (the rate limits) shows the envelope’s Chinese message, with its code and status', async () => {
    const limited = { success: false, code: 'RATE_LIMITED', message: '操作过于频繁，请稍后再试' };
    answer = () => new Response(JSON.stringify(limited), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '42' } });
    await expect(call(list, {})).rejects.toMatchObject({ message: '操作过于频繁，请稍后再试', code: 'RATE_LIMITED', status: 429 });
    await expect(call(save, { name: 'x' })).rejects.toMatchObject({ message: '操作过于频繁，请稍后再试', code: 'RATE_LIMITED' });
    await expect(callFile(save, { name: 'y' })).rejects.toMatchObject({ message: '操作过于频繁，请稍后再试', code: 'RATE_LIMITED' });
    expect(toasts).toEqual(Array(3).fill('操作过于频繁，请稍后再试'));
    expect(navigations).toEqual([]);
  });

  it('a 429 that is not the envelope (a proxy’s own) says the same in Chinese', async () => {
    answer = () => new Response('<html>429 Too Many Requests</html>', { status: 429, headers: { 'content-type': 'text/html' } });
    await expect(call(list, {})).rejects.toMatchObject({ message: '操作过于频繁，请稍后再试', code: 'RATE_LIMITED', status: 429 });
  });

  it('an upload antd sent itself says the server’s message when it answered one, else 上传失败', () => {
    expect(uploadFailure({ success: false, code: 'RATE_LIMITED', message: '操作过于频繁，请稍后再试' })).toBe('操作过于频繁，请稍后再试');
    expect(uploadFailure('<html>502 Bad Gateway</html>')).toBe('上传失败');
    expect(uploadFailure(undefined)).toBe('上传失败');
  });

  it('a failed fetch is a Network Error', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(call(list, {})).rejects.toMatchObject({ message: 'Network Error' });
  });

  it('offline: a read fails quietly, an action says the network is down', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await expect(call(list, {})).rejects.toMatchObject({ code: 'NETWORK', message: OFFLINE_MESSAGE });
      expect(toasts).toEqual([]);
      await expect(call(save, { name: '离线' })).rejects.toMatchObject({ code: 'NETWORK' });
      expect(toasts).toEqual([OFFLINE_MESSAGE]);
    } finally {
      online.mockRestore();
    }
  });

  it('times out after 120 s', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      (_u: string, init: RequestInit) =>
        new Promise((_r, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const p = call(list, {});
    const check = expect(p).rejects.toMatchObject({ code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await check;
  });

  it('success:false toasts its message and throws ApiError with the code', async () => {
    answer = () => json({ success: false, message: '名称已存在', code: 'NAME_TAKEN' });
    const err = await call(save, { name: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: '名称已存在', code: 'NAME_TAKEN' });
    expect(toasts).toEqual(['名称已存在']);
  });

  it('silent callers get the error without a toast', async () => {
    answer = () => json({ success: false, message: '名称已存在', code: 'NAME_TAKEN' });
    await expect(call(save, { name: 'x' }, { silent: true })).rejects.toThrow('名称已存在');
    expect(toasts).toEqual([]);
  });

  it('未登录 goes to /error403 in a browser and /login in the app shell', async () => {
    answer = () => json({ success: false, message: '未登录', code: 'NOT_LOGGED_IN' });
    await expect(call(list, {})).rejects.toThrow('未登录');
    configureApi({ isAppShell: () => true });
    await expect(call(list, { keyword: 'b' })).rejects.toThrow('未登录');
    expect(navigations).toEqual(['/error403', '/login']);
  });

  it('no role and service expired go to their pages', async () => {
    answer = () => json({ success: false, message: 'x', code: 'NO_ROLE' });
    await expect(call(list, {})).rejects.toThrow();
    answer = () => json({ success: false, message: 'y', code: 'SERVICE_EXPIRED' });
    await expect(call(list, {})).rejects.toThrow();
    expect(navigations).toEqual(['/errorRole', '/errorOverdue']);
  });

  it('an invalid CSRF token refreshes the session user after 200 ms', async () => {
    vi.useFakeTimers();
    answer = () => json({ success: false, message: '操作失败，无效的CsrfToken', code: 'CSRF_INVALID' });
    await expect(call(save, { name: 'x' })).rejects.toThrow('操作失败，无效的CsrfToken');
    await vi.advanceTimersByTimeAsync(199);
    expect(refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(refreshes).toBe(1);
    expect(navigations).toEqual([]);
  });
});

describe('the app shell', () => {
  it('sends its session id in the sessionId header on reads and writes; a browser sends none', async () => {
    await call(list, { keyword: 'a' });
    expect(sent[0]?.headers.sessionId).toBeUndefined();
    configureApi({ appSessionId: () => 'sid-app-1' });
    await call(list, { keyword: 'b' });
    await call(save, { name: 'x' });
    expect(sent.slice(1).map((s) => [s.method, s.headers.sessionId, s.headers['X-CSRF-Token']])).toEqual([
      ['GET', 'sid-app-1', undefined],
      ['POST', 'sid-app-1', 'tok-1'],
    ]);
  });
});

describe('files through the request client', () => {
  const upload = endpoint({ method: 'POST', path: '/upload/save', query: z.object({ kind: z.string() }), response: z.unknown() });
  const pdf = endpoint({ method: 'POST', path: '/export/orderPdf', body: z.object({ orderId: z.number() }), response: z.null() });

  it('uploads a file as multipart with the query and the CSRF header, and answers the envelope', async () => {
    const env = await uploadEnvelope(upload, new Blob(['x']), '语音.webm', { kind: 'audio' });
    expect(env.data).toEqual({ ok: 1 });
    expect(sent[0]?.url).toBe('/api/upload/save?kind=audio');
    expect(sent[0]?.headers['X-CSRF-Token']).toBe('tok-1');
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
    expect((sent[0]?.body as unknown as FormData | undefined)?.get('file')).toBeInstanceOf(Blob);
  });

  it('toasts and throws an upload the server refuses', async () => {
    answer = () => json({ success: false, message: '文件类型不支持', data: null });
    await expect(uploadEnvelope(upload, new Blob(['x']), 'a.exe')).rejects.toThrow('文件类型不支持');
    expect(toasts).toEqual(['文件类型不支持']);
  });

  it('answers a file’s content, and throws the message of an envelope refusing it', async () => {
    answer = () => new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } });
    expect(await (await callFile(pdf, { orderId: 7 })).text()).toBe('%PDF-1.4');
    expect(sent[0]?.body).toBe('{"orderId":7}');
    answer = () => json({ success: false, message: '工单未完成', data: null });
    await expect(callFile(pdf, { orderId: 7 }, { silent: true })).rejects.toThrow('工单未完成');
    expect(toasts).toEqual([]);
  });
});
