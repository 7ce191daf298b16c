import { MOBILE } from '@sk/shared/common/zod';
import type { HomeAccount } from '@sk/shared/customers/portal.contract';
import { Form, Input, Select } from 'antd';
import { RecordFormDialog } from '../../../components';
import { PASSWORD_HINT, PASSWORD_MAX } from '../../../lib/password-rule';
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

const SAVE = homeAccountContract.save.body.shape;
const CUSTOMER_RULES = rulesOf(SAVE.customerId, { required: '请选择客户' });
const NAME_RULES = rulesOf(SAVE.name);
const MOBILE_RULES = rulesOf(SAVE.mobile, { required: '请输入手机号' });
/** A new account needs its first password (the save contract leaves it out for an update). */
const INITIAL_PASSWORD_RULES = rulesOf(SAVE.password, { required: '请输入密码' });
const RESET_PASSWORD_RULES = rulesOf(homeAccountContract.resetPassword.body.shape.password);

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
  onSaved?: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const customerId = Form.useWatch('customerId', form);
  const save = useApiMutation(homeAccountContract.save);
  const initial: Values = account
    ? { customerId: account.customerId, linkPersonId: account.linkPersonId, name: account.name, mobile: account.mobile }
    : { name: '', mobile: '' };
  const submit = async (v: Values) => {
    await save.mutateAsync({
      id: account?.id,
      customerId: v.customerId as number,
      linkPersonId: v.linkPersonId ?? null,
      name: v.name,
      mobile: v.mobile,
      password: account ? undefined : v.password,
    });
    onSaved?.();
  };

  return (
    <RecordFormDialog<Values>
      name="sk-home-account-form"
      form={form}
      open={open}
      title={account ? '编辑门户账号' : '新建门户账号'}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="customerId" label="客户" rules={CUSTOMER_RULES}>
        <CustomerSelect onChange={() => form.setFieldValue('linkPersonId', null)} />
      </Form.Item>
      <Form.Item name="linkPersonId" label="联系人">
        <ContactSelect customerId={customerId} onPick={(name, phone) => form.setFieldsValue({ name, ...(MOBILE.test(phone) ? { mobile: phone } : {}) })} />
      </Form.Item>
      <Form.Item name="name" label="姓名" rules={NAME_RULES}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="mobile" label="手机号（登录账号）" rules={MOBILE_RULES}>
        <Input maxLength={11} />
      </Form.Item>
      {account ? null : (
        <Form.Item name="password" label="初始密码" rules={INITIAL_PASSWORD_RULES}>
          <Input.Password maxLength={PASSWORD_MAX} placeholder={PASSWORD_HINT} autoComplete="new-password" />
        </Form.Item>
      )}
    </RecordFormDialog>
  );
}

/** Sets a new password on a portal account. */
export function ResetPasswordDialog({ account, onClose }: { account: HomeAccount | null; onClose: () => void }) {
  const reset = useApiMutation(homeAccountContract.resetPassword);
  return (
    <RecordFormDialog<{ password: string }>
      name="sk-reset-password-form"
      open={!!account}
      title={`重置密码：${account?.name ?? ''}`}
      okText="确定"
      onSubmit={async (v) => {
        if (account) await reset.mutateAsync({ id: account.id, password: v.password });
      }}
      onClose={onClose}
    >
      <Form.Item name="password" label="新密码" rules={RESET_PASSWORD_RULES}>
        <Input.Password maxLength={PASSWORD_MAX} placeholder={PASSWORD_HINT} autoComplete="new-password" />
      </Form.Item>
    </RecordFormDialog>
  );
}
