import { accountContract } from '@sk/shared';
import { mobile as mobileField } from '@sk/shared/common/zod';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../../components/toast';
import { call } from '../../../lib/api';
import { zodMessage } from '../../../lib/zodRules';

type Purpose = 'login' | 'password' | 'register';

/**
 * Sends an SMS code and counts down until another may be sent (the server says how long): the login's codes by purpose,
 * or another sender's (`send`: the QR report's code).
 */
export function SendCodeButton({
  getMobile,
  purpose = 'login',
  send: sendBy,
  block,
}: {
  getMobile: () => string | undefined;
  purpose?: Purpose;
  send?: (mobile: string) => Promise<{ seconds: number }>;
  block?: boolean;
}) {
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const send = async () => {
    const mobile = getMobile()?.trim() ?? '';
    const bad = zodMessage(mobileField, mobile);
    if (bad) return toast.error(bad);
    setBusy(true);
    try {
      const r = sendBy ? await sendBy(mobile) : await call(accountContract.sendCode, { mobile, purpose });
      toast.success('验证码已发送');
      setLeft(r.seconds);
    } catch {
      // The request client has shown why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button onClick={send} disabled={left > 0} loading={busy} block={block}>
      {left > 0 ? `${left}秒后重新发送` : '获取验证码'}
    </Button>
  );
}
