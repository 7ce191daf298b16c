import { type Contact, contactFields } from '@sk/shared/customers/customers.schema';
import { TEXT_LIMITS } from '@sk/shared/common/zod';
import { Checkbox, Form, Input } from 'antd';
import { RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { customerContract, customerPartsContract, refreshCustomers } from '../api';
import { CustomerSelect } from './CustomerSelect';

interface Values {
  customerId?: number | null;
  name: string;
  phone: string;
  position?: string;
  isPrimary?: boolean;
}

export interface ContactFormDialogProps {
  open: boolean;
  contact: Contact | null;
  /** Fixed customer (the detail page); otherwise the form asks for one. */
  customerId?: number;
  onClose: () => void;
  onSaved?: () => void;
}

/** Add or edit a contact of a customer. */
export function ContactFormDialog({ open, contact, customerId, onClose, onSaved }: ContactFormDialogProps) {
  const save = useApiMutation(customerPartsContract.linkPersonSave, { invalidates: [customerContract.epLinkPersonList] });
  const initial: Values = contact
    ? { customerId: contact.customerId, name: contact.name, phone: contact.phone, position: contact.position ?? '', isPrimary: contact.isPrimary }
    : { customerId, name: '', phone: '', position: '', isPrimary: false };

  const submit = async (v: Values) => {
    await save.mutateAsync({
      id: contact?.id,
      customerId: (customerId ?? v.customerId) as number,
      name: v.name,
      phone: v.phone.trim(),
      position: v.position || null,
      isPrimary: v.isPrimary ?? false,
    });
    await refreshCustomers();
    onSaved?.();
  };

  return (
    <RecordFormDialog<Values> open={open} title={contact ? '编辑联系人' : '新增联系人'} initialValues={initial} onSubmit={submit} onClose={onClose}>
      {customerId ? null : (
        <Form.Item name="customerId" label="客户" rules={rulesOf(customerPartsContract.linkPersonSave.body.shape.customerId, { required: '请选择客户' })}>
          <CustomerSelect disabled={!!contact} />
        </Form.Item>
      )}
      <Form.Item name="name" label="联系人" rules={rulesOf(contactFields.name)}>
        <Input maxLength={TEXT_LIMITS.name} />
      </Form.Item>
      <Form.Item name="phone" label="联系电话" rules={rulesOf(contactFields.phone)}>
        <Input maxLength={30} placeholder="手机号或固定电话" />
      </Form.Item>
      <Form.Item name="position" label="职位" rules={rulesOf(contactFields.position)}>
        <Input maxLength={TEXT_LIMITS.name} />
      </Form.Item>
      <Form.Item name="isPrimary" valuePropName="checked">
        <Checkbox disabled={contact?.isPrimary}>设为主联系人</Checkbox>
      </Form.Item>
    </RecordFormDialog>
  );
}
