import { Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../components/toast';
import { useUser } from '../lib/session';
import { afterRoleChange, changeRole } from './account';

export default function ChangeRoleDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const user = useUser();
  const navigate = useNavigate();
  const [role, setRole] = useState<number | null>(user.sysrole);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (role == null || role === user.sysrole) return onClose();
    setBusy(true);
    try {
      await changeRole(role);
    } catch {
      setBusy(false);
      return;
    }
    // Spec order: hide the spinner, clear tabs and cached menu, reload user and menu, go home, then say so.
    setBusy(false);
    onClose();
    await afterRoleChange().catch(() => {});
    navigate('/guideOne');
    toast.success('切换角色成功');
  };

  return (
    <Modal title="切换角色" open={open} onOk={confirm} onCancel={onClose} confirmLoading={busy} okText="确定" cancelText="取消" destroyOnHidden>
      <p>当前角色：{user.roleName || '无'}</p>
      <Radio.Group value={role} onChange={(e) => setRole(e.target.value as number)}>
        <Space orientation="vertical">
          {user.allRoles.map((r) => (
            <Radio key={r.type} value={r.type}>
              {r.role_name}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
