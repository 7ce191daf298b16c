import { DICT_NAME_MAX, DICT_VALUE_MAX, type DictValueRule, dictType } from '@sk/shared/settings/dict.constants';
import type { DictItem } from '@sk/shared/settings/dict.contract';
import { Form, Input } from 'antd';
import { z } from 'zod';
import { RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { DICT_READS, dictContract } from '../api';

interface Values {
  name: string;
  value?: string;
}

const fields = dictContract.create.body.shape;

/**
 * The value's rules: the contract's field, asked for when the type requires it, then the type's own form (a phone, a
 * coefficient: dict.constants' pattern, which the server checks too).
 */
const valueRules = (rule: DictValueRule) => [
  ...rulesOf(fields.value, { required: rule.required ? `请输入${rule.label}` : false }),
  ...(rule.pattern
    ? rulesOf(
        z
          .string()
          .trim()
          .regex(rule.pattern, rule.message ?? '格式不正确'),
        { required: false },
      )
    : []),
];

/** Add or edit one dictionary item; types whose items carry a value (an address, a phone, a coefficient) ask for it too. */
export function DictItemDialog({ type, item, open, onClose }: { type: number; item: DictItem | null; open: boolean; onClose: () => void }) {
  const rule = dictType(type)?.value;
  const create = useApiMutation(dictContract.create, { invalidates: DICT_READS });
  const update = useApiMutation(dictContract.update, { invalidates: DICT_READS });

  const submit = async (v: Values) => {
    const value = rule ? (v.value ?? '').trim() : undefined;
    if (item) await update.mutateAsync({ id: item.id, name: v.name, value });
    else await create.mutateAsync({ type, name: v.name, value });
  };

  return (
    <RecordFormDialog<Values>
      open={open}
      title={item ? '编辑字典项' : '新增字典项'}
      name="skDictItemForm"
      initialValues={item ? { name: item.name, value: item.value } : {}}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label="名称" rules={rulesOf(fields.name)}>
        <Input maxLength={DICT_NAME_MAX} autoFocus />
      </Form.Item>
      {rule && (
        <Form.Item name="value" label={rule.label} rules={valueRules(rule)}>
          <Input maxLength={DICT_VALUE_MAX} />
        </Form.Item>
      )}
    </RecordFormDialog>
  );
}
