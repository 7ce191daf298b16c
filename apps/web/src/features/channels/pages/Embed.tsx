import { channelsContract as C } from '@sk/shared/channels/channels.contract';
import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/api';
import { chatChannel, dingTalkCode } from '../../../lib/embed';
import { rememberAppSession } from '../../../lib/env';
import { loginClient, startSession } from '../../auth';

/**
 * The application's home inside WeCom / DingTalk (…/embed?corpId=…): logs in without a password. WeCom sends the
 * user through its OAuth page and back here with ?code=; DingTalk hands a code to its JS bridge. The server finds
 * our user by the client's mobile, in the enterprise of the corp id.
 */
export default function Embed() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const q = new URLSearchParams(window.location.search);
    const corpId = q.get('corpId') ?? q.get('corpid') ?? '';
    const channel = chatChannel();
    const run = async () => {
      if (!corpId) throw new Error('缺少企业ID（corpId），请联系管理员检查应用主页地址');
      if (!channel) throw new Error('请在企业微信或钉钉中打开');
      let code = q.get('code');
      if (!code && channel === 'wecom') {
        const back = `${window.location.origin}/embed?corpId=${encodeURIComponent(corpId)}&channel=wecom`;
        const cfg = await call(C.pcAuthCode, { corpId, channel, redirect: back }, { silent: true, noRedirect: true });
        if (cfg.authorizeUrl) return window.location.replace(cfg.authorizeUrl);
        throw new Error('企业微信授权地址获取失败');
      }
      if (!code) code = await dingTalkCode(corpId);
      const r = await call(C.embedLogin, { channel, corpId, code, client: loginClient() }, { silent: true, noRedirect: true });
      rememberAppSession(r.sessionId);
      startSession();
      navigate('/', { replace: true });
    };
    run().catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [navigate]);
  if (error)
    return (
      <Result
        status="warning"
        title="登录失败"
        subTitle={error}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            使用手机号登录
          </Button>
        }
      />
    );
  return <Spin size="large" tip="正在登录…" fullscreen />;
}
