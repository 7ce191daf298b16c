import { MOBILE, mobile } from '@sk/shared/common/zod';
import type { HomeAccount } from '@sk/shared/customers/portal.contract';
import { Form, Input, Modal, Select } from 'antd';
import { NEW_PASSWORD_RULE, PASSWORD_HINT, PASSWORD_MAX } from '../../../lib/password-rule';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { customerContract, homeAccountContract } from '../api';
import { CustomerSelect } from './CustomerSelect';

interface Values {
  customerId?: number | null;
  linkPersonId?: number | null;
  name: string;
  mobile: string;
  password?: string;
}

const MOBILE_RULES = rulesOf(mobile, { required: '请输入手机号' });
const PASSWORD_RULES = [{ required: true, message: '请输入密码' }, NEW_PASSWORD_RULE];

/** The customer's contacts; picking one fills the account's name and mobile. */
function ContactSelect({
  customerId,
  value,
  onChange,
  onPick,
}: {
  customerId?: number | null;
  value?: number | null;
  onChange?: (v: number | null) => void;
  onPick: (name: string, phone: string) => void;
}) {
  const detail = useApi(customerContract.detail, { id: customerId ?? 0 }, { enabled: !!customerId });
  const contacts = detail.data?.contacts ?? [];
  return (
    <Select
      allowClear
      disabled={!customerId}
      value={value ?? undefined}
      placeholder={customerId ? '选择联系人（可选）' : '请先选择客户'}
      options={contacts.map((c) => ({ value: c.id, label: `${c.name} ${c.phone}` }))}
      onChange={(v) => {
        onChange?.(v ?? null);
        const c = contacts.find((x) => x.id === v);
        if (c) onPick(c.name, c.phone);
      }}
      aria-label="联系人"
    />
  );
}

function AccountForm({ account, onClose, onSaved }: { account: HomeAccount | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const customerId = Form.useWatch('customerId', form);
  const save = useApiMutation(homeAccountContract.save, {
    onSuccess: () => {
      onSaved();
      onClose();
    },
  });
  const initial: Values = account
    ? { customerId: account.customerId, linkPersonId: account.linkPersonId, name: account.name, mobile: account.mobile }
    : { name: '', mobile: '' };
  const submit = (v: Values) =>
    save.mutate({
      id: account?.id,
      customerId: v.customerId as number,
      linkPersonId: v.linkPersonId ?? null,
      name: v.name,
      mobile: v.mobile,
      password: account ? undefined : v.password,
    });

  return (
    <Form<Values>
      form={form}
      id="sk-home-account-form"
      name="sk-home-account-form"
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      preserve={false}
    >
      <Form.Item name="customerId" label="客户" rules={[{ required: true, message: '请选择客户' }]}>
        <CustomerSelect onChange={() => form.setFieldValue('linkPersonId', null)} />
      </Form.Item>
      <Form.Item name="linkPersonId" label="联系人">
        <ContactSelect customerId={customerId} onPick={(name, phone) => form.setFieldsValue({ name, ...(MOBILE.test(phone) ? { mobile: phone } : {}) })} />
      </Form.Item>
      <Form.Item
        name="name"
        label="姓名"
        rules={[
          { required: true, whitespace: true, message: '请输入姓名' },
          { max: 50, message: '姓名不能超过50个字' },
        ]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="mobile" label="手机号（登录账号）" rules={MOBILE_RULES}>
        <Input maxLength={11} />
      </Form.Item>
      {account ? null : (
        <Form.Item name="password" label="初始密码" rules={PASSWORD_RULES}>
          <Input.Password maxLength={PASSWORD_MAX} placeholder={PASSWORD_HINT} autoComplete="new-password" />
        </Form.Item>
      )}
    </Form>
  );
}

/** Create or edit a portal account of a customer's person. */
export function HomeAccountDialog({
  open,
  account,
  onClose,
  onSaved,
}: {
  open: boolean;
  account: HomeAccount | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal
      open={open}
      title={account ? '编辑门户账号' : '新建门户账号'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: 'sk-home-account-form' }}
      onCancel={onClose}
      destroyOnHidden
    >
      {open ? <AccountForm account={account} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

/** Sets a new password on a portal account. */
export function ResetPasswordDialog({ account, onClose }: { account: HomeAccount | null; onClose: () => void }) {
  const reset = useApiMutation(homeAccountContract.resetPassword, { onSuccess: onClose });
  return (
    <Modal
      open={!!account}
      title={`重置密码：${account?.name ?? ''}`}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: 'sk-reset-password-form', loading: reset.isPending }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        id="sk-reset-password-form"
        name="sk-reset-password-form"
        layout="vertical"
        onFinish={(v: { password: string }) => account && reset.mutate({ id: account.id, password: v.password })}
        preserve={false}
      >
        <Form.Item name="password" label="新密码" rules={PASSWORD_RULES}>
          <Input.Password maxLength={PASSWORD_MAX} placeholder={PASSWORD_HINT} autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
