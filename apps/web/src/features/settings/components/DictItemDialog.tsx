import { DICT_NAME_MAX, DICT_VALUE_MAX, type DictValueRule, dictType } from '@sk/shared/settings/dict.constants';
import type { DictItem } from '@sk/shared/settings/dict.contract';
import { Form, Input, Modal } from 'antd';
import { useApiMutation } from '../../../lib/query';
import { DICT_READS, dictContract } from '../api';

interface Values {
  name: string;
  value?: string;
}

const FORM_ID = 'skDictItemForm';

// Mounted afresh on every open, so each item's values start clean.
function DictItemForm({ item, rule, onFinish }: { item: DictItem | null; rule: DictValueRule | undefined; onFinish: (v: Values) => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <Form form={form} name={FORM_ID} layout="vertical" initialValues={item ? { name: item.name, value: item.value } : {}} onFinish={onFinish}>
      <Form.Item
        name="name"
        label="名称"
        rules={[
          { required: true, whitespace: true, message: '请输入名称' },
          { max: DICT_NAME_MAX, message: `名称不能超过${DICT_NAME_MAX}个字` },
        ]}
      >
        <Input maxLength={DICT_NAME_MAX} autoFocus />
      </Form.Item>
      {rule && (
        <Form.Item
          name="value"
          label={rule.label}
          rules={[
            { required: rule.required, whitespace: true, message: `请输入${rule.label}` },
            { max: DICT_VALUE_MAX, message: `不能超过${DICT_VALUE_MAX}个字` },
            ...(rule.pattern ? [{ pattern: rule.pattern, message: rule.message ?? '格式不正确' }] : []),
          ]}
        >
          <Input maxLength={DICT_VALUE_MAX} />
        </Form.Item>
      )}
    </Form>
  );
}

/** Add or edit one dictionary item; types whose items carry a value (an address, a phone, a coefficient) ask for it too. */
export function DictItemDialog({
  type,
  item,
  open,
  onClose,
  onSaved,
}: {
  type: number;
  item: DictItem | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const rule = dictType(type)?.value;
  const done = {
    invalidates: DICT_READS,
    onSuccess: () => {
      onSaved();
      onClose();
    },
  };
  const create = useApiMutation(dictContract.create, done);
  const update = useApiMutation(dictContract.update, done);

  const submit = (v: Values) => {
    const value = rule ? (v.value ?? '').trim() : undefined;
    if (item) update.mutate({ id: item.id, name: v.name, value });
    else create.mutate({ type, name: v.name, value });
  };

  return (
    <Modal
      open={open}
      title={item ? '编辑字典项' : '新增字典项'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      {open && <DictItemForm item={item} rule={rule} onFinish={submit} />}
    </Modal>
  );
}
