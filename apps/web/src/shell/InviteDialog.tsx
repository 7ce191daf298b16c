import { Button, Input, Modal, Space, Typography } from 'antd';
import { toast } from '../components/toast';
import { useUser } from '../lib/session';
import { QrCode } from './QrCode';

export default function InviteDialog({ onClose }: { onClose: () => void }) {
  const user = useUser();
  const link = `${window.location.origin}/login?invite=${user.enterpriseId}`;
  const copy = async () => {
    try {
      if (!user.enterpriseId) throw new Error('异常参数');
      await navigator.clipboard.writeText(`${user.name}邀请您加入「${user.enterpriseName}」使用服务管家：${link}`);
      toast.success('邀请链接已复制，发送给同事即可');
    } catch (e) {
      toast.error((e as Error).message === '异常参数' ? '异常参数' : '邀请失败');
    }
  };
  return (
    <Modal title="邀请同事" open onCancel={onClose} footer={null} width={400}>
      <Typography.Paragraph>同事扫码或打开链接登录即可加入「{user.enterpriseName}」。管理员需先在组织架构中添加同事的手机号。</Typography.Paragraph>
      <div style={{ textAlign: 'center', marginBottom: 12 }}>
        <QrCode text={link} alt="邀请二维码" />
      </div>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={link} readOnly />
        <Button type="primary" onClick={copy}>
          复制链接
        </Button>
      </Space.Compact>
    </Modal>
  );
}
