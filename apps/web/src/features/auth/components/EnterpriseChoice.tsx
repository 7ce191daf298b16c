import { Modal, Radio, Space } from 'antd';
import { useState } from 'react';

/** A mobile in several enterprises: pick the one to log in to. */
export function EnterpriseChoice({
  list,
  busy,
  onChoose,
  onCancel,
}: {
  list: { id: number; name: string }[];
  busy: boolean;
  onChoose: (enterpriseId: number) => void;
  onCancel: () => void;
}) {
  const [chosen, setChosen] = useState<number | null>(list[0]?.id ?? null);
  return (
    <Modal
      open
      title="选择企业"
      okText="进入"
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={{ disabled: chosen == null }}
      onOk={() => chosen != null && onChoose(chosen)}
      onCancel={onCancel}
    >
      <p>该手机号属于多个企业，请选择要登录的企业：</p>
      <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value as number)}>
        <Space orientation="vertical">
          {list.map((e) => (
            <Radio key={e.id} value={e.id}>
              {e.name}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
