// The jsapi signature (wx.config / wx.agentConfig / dd.config) for fixed inputs: no app, no database, no random nonce.
import { describe, expect, it } from 'vitest';
import { jsapiSignature, signedUrl } from './channels.service';

// The worked example of the JS-SDK signature algorithm (微信 JS-SDK 附录1「JS-SDK使用权限签名算法」, which WeCom's
// 「JS-SDK使用权限签名算法」 repeats with the same values; DingTalk signs the same four fields the same way). The
// expected digest is the one the document prints, and was checked independently in a shell:
//   printf '%s' 'jsapi_ticket=sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg&noncestr=Wm3WZYTPz0wzccnW&timestamp=1414587457&url=http://mp.weixin.qq.com?params=value' | sha1sum
//   0f9de62fce790f9a083d5c99e95740ceb90c27ed  -
const EXAMPLE = {
  ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  nonceStr: 'Wm3WZYTPz0wzccnW',
  timeStamp: 1414587457,
  url: 'http://mp.weixin.qq.com?params=value',
  signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
};

const sign = (over: Partial<typeof EXAMPLE> = {}) => {
  const e = { ...EXAMPLE, ...over };
  return jsapiSignature(e.ticket, e.nonceStr, e.timeStamp, e.url);
};

describe('jsapi signature', () => {
  it("the documented example: the four fields sorted by key, raw (the URL's ? and = not escaped), SHA-1 in lower-case hex", () => {
    expect(sign()).toBe(EXAMPLE.signature);
  });

  it("the URL's fragment is not signed: with #… the signature is the example's; the query stays", () => {
    expect(sign({ url: `${EXAMPLE.url}#wechat_redirect` })).toBe(EXAMPLE.signature);
    expect(sign({ url: `${EXAMPLE.url}#/orders?id=3#again` })).toBe(EXAMPLE.signature);
    expect(signedUrl('https://sk.example.com/allOrder?x=1&y=2#/detail')).toBe('https://sk.example.com/allOrder?x=1&y=2');
    expect(signedUrl('https://sk.example.com/m')).toBe('https://sk.example.com/m');
    // Only the fragment goes: dropping the query would sign another page.
    expect(sign({ url: 'http://mp.weixin.qq.com' })).not.toBe(EXAMPLE.signature);
  });

  it('any field changed, by one character or one second, changes the signature', () => {
    const changed = [
      sign({ ticket: `${EXAMPLE.ticket.slice(0, -1)}h` }),
      sign({ nonceStr: 'Wm3WZYTPz0wzccnw' }),
      sign({ timeStamp: EXAMPLE.timeStamp + 1 }),
      sign({ url: 'http://mp.weixin.qq.com?params=valuf' }),
      sign({ url: 'https://mp.weixin.qq.com?params=value' }),
    ];
    for (const s of changed) expect(s).toMatch(/^[0-9a-f]{40}$/);
    expect(new Set([EXAMPLE.signature, ...changed]).size).toBe(changed.length + 1);
  });

  it('the fields are not interchangeable: the ticket and the nonce swapped sign differently', () => {
    expect(sign({ ticket: EXAMPLE.nonceStr, nonceStr: EXAMPLE.ticket })).not.toBe(EXAMPLE.signature);
  });
});
