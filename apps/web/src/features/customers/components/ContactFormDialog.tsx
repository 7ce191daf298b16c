import type { Contact } from '@sk/shared/customers/customers.schema';
import { PHONE } from '@sk/shared/customers/fields';
import { Checkbox, Form, Input, Modal } from 'antd';
import { useApiMutation } from '../../../lib/query';
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

export const PHONE_RULE = { pattern: PHONE, message: '请输入正确的手机号或固定电话' };

function ContactForm({ contact, customerId, onClose, onSaved }: Omit<ContactFormDialogProps, 'open'>) {
  const save = useApiMutation(customerPartsContract.linkPersonSave, {
    invalidates: [customerContract.epLinkPersonList],
    onSuccess: async () => {
      await refreshCustomers();
      onSaved?.();
      onClose();
    },
  });
  const initial: Values = contact
    ? { customerId: contact.customerId, name: contact.name, phone: contact.phone, position: contact.position ?? '', isPrimary: contact.isPrimary }
    : { customerId, name: '', phone: '', position: '', isPrimary: false };

  const submit = (v: Values) =>
    save.mutate({
      id: contact?.id,
      customerId: (customerId ?? v.customerId) as number,
      name: v.name,
      phone: v.phone.trim(),
      position: v.position || null,
      isPrimary: v.isPrimary ?? false,
    });

  return (
    <Form id="sk-contact-form" name="sk-contact-form" layout="vertical" initialValues={initial} onFinish={submit} preserve={false}>
      {customerId ? null : (
        <Form.Item name="customerId" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
          <CustomerSelect disabled={!!contact} />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label="联系人"
        rules={[
          { required: true, whitespace: true, message: '请输入联系人' },
          { max: 50, message: '联系人不能超过50个字' },
        ]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="phone" label="联系电话" rules={[{ required: true, message: '请输入联系电话' }, PHONE_RULE]}>
        <Input maxLength={30} placeholder="手机号或固定电话" />
      </Form.Item>
      <Form.Item name="position" label="职位" rules={[{ max: 50, message: '职位不能超过50个字' }]}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="isPrimary" valuePropName="checked">
        <Checkbox disabled={contact?.isPrimary}>设为主联系人</Checkbox>
      </Form.Item>
    </Form>
  );
}

/** Add or edit a contact of a customer. */
export function ContactFormDialog(props: ContactFormDialogProps) {
  const { open, contact, onClose } = props;
  return (
    <Modal
      open={open}
      title={contact ? '编辑联系人' : '新增联系人'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: 'sk-contact-form' }}
      onCancel={onClose}
      destroyOnHidden
    >
      {open ? <ContactForm {...props} /> : null}
    </Modal>
  );
}
