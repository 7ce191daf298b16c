import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** '未登录' in a browser: the session ended; log in again. */
export default function Error403() {
  const navigate = useNavigate();
  return (
    <div className="sk-auth">
      <Result
        status="403"
        title="未登录"
        subTitle="您尚未登录或登录已过期，请重新登录。"
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            去登录
          </Button>
        }
      />
    </div>
  );
}
