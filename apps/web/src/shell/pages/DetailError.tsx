import { errorMessages } from '@sk/shared';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/** A page whose power code the user lacks. */
export default function DetailError() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="无权访问"
      subTitle={`${errorMessages.NO_POWER}，如需使用请联系管理员分配权限。`}
      extra={
        <Button type="primary" onClick={() => navigate('/guideOne')}>
          返回首页
        </Button>
      }
    />
  );
}
