import { Button, Card, Steps, Typography } from 'antd';
import { toast } from '../../components/toast';

/** How to open a link in the system browser from inside a chat client or the app (after '打开失败'). */
export default function LinkHelp() {
  const url = new URLSearchParams(window.location.search).get('url');
  const open = () => {
    if (!url || !/^https?:\/\//.test(url) || !window.open(url, '_blank', 'noopener')) toast.error('打开失败');
  };
  return (
    <div className="sk-auth">
      <Card className="sk-auth-card" title="在浏览器中打开">
        <Steps
          orientation="vertical"
          size="small"
          current={-1}
          items={[{ title: '点击右上角的“…”菜单' }, { title: '选择“在浏览器打开”' }, { title: '在浏览器中继续操作，登录状态不受影响' }]}
        />
        {url && (
          <>
            <Typography.Paragraph copyable={{ text: url }} ellipsis>
              {url}
            </Typography.Paragraph>
            <Button type="primary" block onClick={open}>
              直接打开
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
