import { Form, Radio } from 'antd';
import { RecordFormDialog } from '../../../components';
import { call } from '../../../lib/api';
import { rulesOf } from '../../../lib/zodRules';
import { CUSTOMER_TAG, tagsContract } from '../api';
import { TagSelect } from './TagSelect';

export interface BatchTagDialogProps {
  open: boolean;
  customerIds: number[];
  onClose: () => void;
  onDone?: () => void;
}

interface Values {
  mode: 'add' | 'remove';
  tagIds: number[];
}

/** 批量标签: add the chosen tags to (or remove them from) the selected customers. */
export function BatchTagDialog({ open, customerIds, onClose, onDone }: BatchTagDialogProps) {
  const submit = async ({ mode, tagIds }: Values) => {
    const body = { code: CUSTOMER_TAG, tagIds, objIds: customerIds };
    await call(mode === 'add' ? tagsContract.batchAdd : tagsContract.batchRemove, body, { successToast: true });
    onDone?.();
  };

  return (
    <RecordFormDialog<Values>
      open={open}
      title={`批量标签（已选${customerIds.length}个客户）`}
      okText="确定"
      name="skBatchTagForm"
      initialValues={{ mode: 'add', tagIds: [] }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="mode" label="操作">
        <Radio.Group>
          <Radio value="add">添加标签</Radio>
          <Radio value="remove">移除标签</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="tagIds"
        label="标签"
        rules={rulesOf(tagsContract.batchAdd.body.shape.tagIds, { required: '请选择标签' })}
        normalize={(v: number[] | null) => v ?? []}
      >
        <TagSelect style={{ width: '100%' }} />
      </Form.Item>
    </RecordFormDialog>
  );
}
