import { Button, Result } from 'antd';
import { useMatches, useNavigate } from 'react-router';
import type { PageRoute } from '../../lib/route';

/** Every menu page that is not built yet: inside the layout, with its name, never a 404. */
export default function ComingSoon() {
  const matches = useMatches();
  const navigate = useNavigate();
  const route = matches[matches.length - 1]?.handle as PageRoute | undefined;
  return (
    <Result
      status="info"
      title={`${route?.title ?? '该功能'} 即将上线`}
      subTitle="该功能正在建设中，上线后将出现在这里，敬请期待。"
      extra={
        <Button type="primary" onClick={() => navigate('/guideOne')}>
          返回首页
        </Button>
      }
    />
  );
}
