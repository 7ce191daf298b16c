import { Alert, Button, Space } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/toast';
import { useUser } from '../lib/session';

const InviteDialog = lazy(() => import('./InviteDialog'));

const DISMISS_KEY = 'sk_invite_dismissed';

/** Trial users (tryoutType 1): invite a colleague, or ask for / grant admin authorisation. */
export function InviteBanner() {
  const user = useUser();
  const navigate = useNavigate();
  const [dismissed, setDismissed] = useState(() => window.sessionStorage.getItem(DISMISS_KEY) === '1');
  const [inviting, setInviting] = useState(false);
  if (user.tryoutType !== 1 || dismissed) return null;
  const expire = user.epServiceExpireTime ? `，试用期至 ${dayjs(user.epServiceExpireTime).format('YYYY/MM/DD')}` : '';
  const authorise = () => {
    if (user.admin) navigate('/organizationalStructure');
    else toast.info('请联系企业管理员在组织架构中为您授权');
  };
  return (
    <>
      <Alert
        className="sk-invite"
        type="info"
        showIcon
        banner
        title={`您正在试用服务管家${expire}。邀请同事一起使用，体验完整的派单与协同流程。`}
        action={
          <Space>
            <Button size="small" type="primary" onClick={() => setInviting(true)}>
              邀请同事
            </Button>
            <Button size="small" onClick={authorise}>
              管理员授权
            </Button>
          </Space>
        }
        closable={{
          onClose: () => {
            window.sessionStorage.setItem(DISMISS_KEY, '1');
            setDismissed(true);
          },
        }}
      />
      {inviting && (
        <Suspense fallback={null}>
          <InviteDialog onClose={() => setInviting(false)} />
        </Suspense>
      )}
    </>
  );
}
