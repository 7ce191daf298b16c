import { errorMessages as messages } from '@sk/shared';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { loadSessionUser } from '../../lib/session';
import { GuardPage } from './StandalonePage';

/** The user holds no role. */
export default function ErrorRole() {
  const navigate = useNavigate();
  const retry = async () => {
    const u = await loadSessionUser({ silent: true }).catch(() => null);
    if (u && u.allRoles.length > 0) navigate('/', { replace: true });
  };
  return (
    <GuardPage
      status="403"
      title="暂无角色"
      subTitle={messages.NO_ROLE}
      extra={
        <Button type="primary" onClick={retry}>
          重新检测
        </Button>
      }
    />
  );
}
