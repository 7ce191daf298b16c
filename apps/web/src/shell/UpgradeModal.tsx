import { Alert, Button, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useUser } from '../lib/session';
import { QrCode } from './QrCode';
import { closeUpgrade, upgradeStore } from './upgrade';

const UPGRADE_URL = `${window.location.origin}/linkhelp?topic=upgrade`;

/** Upgrade to VIP: a QR code to open the upgrade page on the phone; paying means contacting support. */
export default function UpgradeModal() {
  const { open, notice } = upgradeStore.use();
  const user = useUser();
  const [payHint, setPayHint] = useState(false);
  const close = () => {
    setPayHint(false);
    closeUpgrade();
  };
  return (
    <Modal open={open} title="升级VIP版本" onCancel={close} footer={null} width={420} destroyOnHidden>
      {notice && <Alert type="warning" showIcon title={notice} style={{ marginBottom: 16 }} />}
      <div style={{ textAlign: 'center' }}>
        <QrCode text={UPGRADE_URL} alt="升级二维码" />
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          使用手机扫码，在工作台中升级为VIP版本
        </Typography.Paragraph>
        <Button type="primary" onClick={() => setPayHint(true)}>
          立即购买
        </Button>
        {payHint && (
          <Alert
            style={{ marginTop: 16, textAlign: 'left' }}
            type="info"
            showIcon
            title="请联系客服开通VIP版本"
            description={`客服热线：${user.customServicePhone}`}
          />
        )}
      </div>
    </Modal>
  );
}
