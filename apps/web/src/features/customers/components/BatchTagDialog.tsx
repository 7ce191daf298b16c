import { Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { toast } from '../../../components';
import { call } from '../../../lib/api';
import { CUSTOMER_TAG, tagsContract } from '../api';
import { TagSelect } from './TagSelect';

export interface BatchTagDialogProps {
  open: boolean;
  customerIds: number[];
  onClose: () => void;
  onDone: () => void;
}

/** 批量标签: add the chosen tags to (or remove them from) the selected customers. */
export function BatchTagDialog({ open, customerIds, onClose, onDone }: BatchTagDialogProps) {
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [tagIds, setTagIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!tagIds.length) return toast.warning('请选择标签');
    setBusy(true);
    try {
      const body = { code: CUSTOMER_TAG, tagIds, objIds: customerIds };
      await call(mode === 'add' ? tagsContract.batchAdd : tagsContract.batchRemove, body, { successToast: true });
      setTagIds([]);
      onDone();
      onClose();
    } catch {
      // shown by the request client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={`批量标签（已选${customerIds.length}个客户）`}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="操作">
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)}>
            <Radio value="add">添加标签</Radio>
            <Radio value="remove">移除标签</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label="标签" required>
          <TagSelect value={tagIds} onChange={(v) => setTagIds((v as number[] | null) ?? [])} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
