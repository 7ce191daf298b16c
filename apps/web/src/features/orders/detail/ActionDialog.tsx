// One small dialog per action button: the inputs the action needs (reason, date, person, decision …), then its call.
import { type FormKindId, SIGNATURE_FIELD_TYPE } from '@sk/shared/forms/forms.constants';
import { formsContract } from '@sk/shared/forms/forms.contract';
import type { FieldDef } from '@sk/shared/forms/index';
import type { OrderAction } from '@sk/shared/orders/order.machine';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { ABNORMAL_KINDS, ORDER_PRIORITIES, PAYMENT_METHODS } from '@sk/shared/orders/orders.constants';
import { Alert, Divider, Form, Input, InputNumber, Radio, Select, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import type { z } from 'zod';
import { useEffect, useMemo, useState } from 'react';
import { PersonField, RecordFormDialog } from '../../../components';
import { AppointmentPicker } from '../../../components/AppointmentPicker';
import { type FormDefinition, FormRenderer, useFormRenderer } from '../../../components/forms';
import { SignatureField } from '../../../components/forms/fields/SignatureField';
import { AttachmentsField } from '../../../components/forms/fields/AttachmentsField';
import { call } from '../../../lib/api';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { useUser } from '../../../lib/session';
import { rulesOf } from '../../../lib/zodRules';
import { useSettingQuery } from '../../settings';
import type { ActionButton, ActionField, ActionValues } from './actions';
import { orderActionsContract } from './api';

/** Attachments as the form engine's upload control (pictures and files, up to 20). */

const REASON_LABEL: Record<string, string> = {
  invalid: '无效原因',
  refuseOrder: '拒单原因',
  cancel: '取消原因',
  abnormal: '申请原因',
};

const A = orderActionsContract;
/** The contract field each button sends its 原因 as: the dialog's rules are the contract's (请输入… is its message too). */
const REASON_FIELD: Record<string, z.ZodType> = {
  invalid: A.acceptance.body.shape.reason,
  refuseOrder: A.refuseOrder.body.shape.reason,
  cancel: A.cancel.body.shape.reason,
  abnormal: A.applyAbnormalOrder.body.shape.reason,
};

function FieldItem({
  field,
  button,
  d,
  ability,
  formSigns,
  signRequired,
}: {
  field: ActionField;
  button: ActionButton;
  d: OrderDetail;
  ability: OrderAction;
  /** A form shown below has its own 客户签名 field: the dialog's pad would be a second one. */
  formSigns: boolean;
  signRequired: boolean;
}) {
  const required = button.required?.includes(field);
  // why: a button (actions.ts) makes its note or choice required; the radios hold only the contract's values and the note's 500 is the input's
  const rules = required ? [{ required: true, message: '请填写此项' }] : [];
  switch (field) {
    case 'note':
      return (
        <Form.Item name="note" label="备注" rules={rules}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      );
    case 'reason':
      return (
        <Form.Item
          name="reason"
          label={REASON_LABEL[button.key] ?? '原因'}
          rules={rulesOf(REASON_FIELD[button.key] ?? A.cancel.body.shape.reason, { required: `请输入${REASON_LABEL[button.key] ?? '原因'}` })}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      );
    case 'time':
      return (
        <Form.Item
          name="time"
          label={button.key === 'handleAbnormal' ? '新的预约时间' : '预约时间'}
          // why: a picked time (dayjs) in the form, the contract's bespokeTime text on save
          rules={required ? [{ required: true, message: '请选择预约时间' }] : []}
        >
          {/* From today on, in 5-minute steps (the server refuses a time already past). */}
          <AppointmentPicker inputReadOnly />
        </Form.Item>
      );
    case 'servicePerson':
      return (
        <Form.Item
          name="servicePerson"
          label="服务人员"
          // why: a list of picked people (PersonField) in the form, the contract's one serviceUserId on save
          rules={[{ required: true, type: 'array', min: 1, message: '请选择服务人员' }]}
        >
          <PersonField role={2} placeholder="选择服务人员" />
        </Form.Item>
      );
    case 'collaborators':
      return (
        <Form.Item name="collaborators" label="协作人员">
          <PersonField role={2} multiple placeholder="选择协作人员" />
        </Form.Item>
      );
    case 'abnormalKind':
      return (
        <Form.Item name="abnormalKind" label="申请类型" rules={rules} initialValue={1}>
          <Radio.Group options={labelOptions(ABNORMAL_KINDS)} />
        </Form.Item>
      );
    case 'pass':
      return (
        <>
          {d.abnormal ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`${d.abnormal.kindName}：${d.abnormal.reason ?? ''}`} /> : null}
          <Form.Item name="pass" label="处理结果" rules={rules} initialValue={true}>
            <Radio.Group
              options={[
                { value: true, label: '同意', disabled: !d.abilities.includes('handleAbnormal') },
                { value: false, label: '驳回', disabled: !d.abilities.includes('rejectAbnormal') },
              ]}
            />
          </Form.Item>
        </>
      );
    case 'examineResult':
      return (
        <Form.Item name="examineResult" label={d.examineTypeName ?? '审核'} rules={rules} initialValue={d.abilities.includes('approve') ? 1 : 2}>
          <Radio.Group
            options={[
              { value: 1, label: '通过', disabled: !d.abilities.includes('approve') },
              { value: 2, label: '驳回', disabled: !d.abilities.includes('reject') },
            ]}
          />
        </Form.Item>
      );
    case 'paymentMethod':
      return (
        <Form.Item name="paymentMethod" label="支付方式" rules={rulesOf(A.collect.body.shape.paymentMethod, { required: '请选择支付方式' })} initialValue={1}>
          <Select options={labelOptions(PAYMENT_METHODS)} />
        </Form.Item>
      );
    case 'amount':
      return (
        <Form.Item
          name="amount"
          label="收款金额"
          rules={rulesOf(A.collect.body.shape.amount, { required: '请输入收款金额' })}
          initialValue={d.fees.receivableAmount}
        >
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
      );
    case 'detailDesc':
      return (
        <Form.Item name="detailDesc" label="详细描述" initialValue={d.detailDesc ?? ''}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      );
    case 'attachments':
      return (
        <Form.Item name="attachments" label="附件" initialValue={d.attachments.map((f) => f.id)} valuePropName="value">
          <AttachmentsField files={new Map(d.attachments.map((f) => [f.id, f]))} />
        </Form.Item>
      );
    case 'title':
      return (
        <Form.Item name="title" label="标题" rules={rulesOf(A.edit.body.shape.title, { required: '请输入标题' })} initialValue={d.title}>
          <Input maxLength={100} />
        </Form.Item>
      );
    case 'contact':
      return (
        <Form.Item name="contact" label="联系人" initialValue={d.customLinkPerson ?? ''}>
          <Input maxLength={50} />
        </Form.Item>
      );
    case 'phone':
      return (
        <Form.Item name="phone" label="联系电话" initialValue={d.customPhone ?? ''}>
          <Input maxLength={30} />
        </Form.Item>
      );
    case 'priority':
      return (
        <Form.Item name="priority" label="优先级" initialValue={d.priority}>
          <Radio.Group options={labelOptions(ORDER_PRIORITIES)} />
        </Form.Item>
      );
    case 'finish':
      return <FinishCheck d={d} ability={ability} />;
    case 'signature':
      return formSigns ? null : <SignatureItem d={d} required={signRequired} />;
    default:
      return null;
  }
}

/**
 * 客户签名: the customer signs on the phone (the form engine's signature pad, saved as an image). Required at
 * completion when 完成服务时须客户签名确认 is on and the order has no signature yet; the server checks it again.
 */
function SignatureItem({ d, required }: { d: OrderDetail; required: boolean }) {
  const files = useMemo(() => new Map(d.signature ? [[d.signature.file.id, d.signature.file]] : []), [d.signature]);
  return (
    <Form.Item
      name="signature"
      label="客户签名"
      required={required}
      // why: the signature pad's drawn image in the form, a setting (not the contract) makes it required
      rules={required ? [{ validator: (_, v) => (Array.isArray(v) && v.length ? Promise.resolve() : Promise.reject(new Error('请客户签名'))) }] : []}
      extra={d.signature ? `已于${d.signature.signedAt}签名，重新签名将替换` : undefined}
    >
      <SignatureInput files={files} existing={d.signature?.file.id} />
    </Form.Item>
  );
}

function SignatureInput({
  value,
  onChange,
  files,
  existing,
  id,
}: {
  value?: number[] | null;
  onChange?: (v: number[] | null) => void;
  files: Map<number, { name?: string; url?: string }>;
  existing?: number;
  id?: string;
}) {
  // Shows the order's signature until a new one is drawn; only a new one is sent.
  const shown = value?.length ? value : existing ? [existing] : [];
  return <SignatureField id={id} value={shown} files={files} onChange={(v) => onChange?.(v)} />;
}

/** What is still missing before completion (POST /order/progress/checkFinish), asked when the dialog opens. */
function FinishCheck({ d, ability }: { d: OrderDetail; ability: OrderAction }) {
  const [state, setState] = useState<{ loading: boolean; missing: { name: string }[]; message: string }>({ loading: true, missing: [], message: '' });
  useEffect(() => {
    let live = true;
    call(orderActionsContract.checkFinish, { orderId: d.id, expectedState: d.state }, { silent: true, noCancel: true }).then(
      (r) => live && setState({ loading: false, missing: r.missing, message: r.message }),
      () => live && setState({ loading: false, missing: [], message: '' }),
    );
    return () => {
      live = false;
    };
  }, [d.id, d.state]);
  if (state.loading) return <Spin size="small" />;
  return (
    <>
      {state.missing.length ? (
        <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="完成前还需填写" description={state.missing.map((m) => m.name).join('、')} />
      ) : (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 12 }}
          title={ability === 'applyEndService' ? '信息已齐全，提交后等待完成审核' : '信息已齐全，可以完成服务'}
        />
      )}
    </>
  );
}

/** A form kind's fields for the completion dialog: the order's own (its pinned version) or the receipt form. */
export function useDefinition(kind: FormKindId, enabled: boolean, tmpId?: number, versionId?: number | null): FormDefinition | null {
  const info = useApi(formsContract.dcFormInfo, { type: kind, tmpId, versionId: versionId ?? undefined }, { staleTime: 0, enabled, call: { silent: true } });
  return useMemo(
    () =>
      info.data
        ? { fixedFields: [], fields: info.data.fields as FieldDef[], groups: [], height: null }
        : info.isError
          ? { fixedFields: [], fields: [], groups: [], height: null }
          : null,
    [info.data, info.isError],
  );
}

function ExtForm({
  definition,
  initial,
  title,
  onChange,
}: {
  definition: FormDefinition;
  initial: Record<string, unknown>;
  title: string;
  onChange: (ext: Record<string, unknown>) => void;
}) {
  const user = useUser();
  const roles = useMemo(() => (user.sysrole ? [user.sysrole] : []), [user.sysrole]);
  const state = useFormRenderer(definition, { ext: initial }, { isNew: false, roles, previous: initial });
  const ext = state.props.value.ext;
  const hasFields = definition.fields.length > 0;
  useEffect(() => {
    if (hasFields) onChange(ext);
  }, [ext, onChange, hasFields]);
  if (!hasFields) return null;
  return (
    <>
      <Divider titlePlacement="start" plain>
        {title}
      </Divider>
      <FormRenderer {...state.props} columns={1} />
    </>
  );
}

/** The order's custom fields and, when asked, the receipt form, as the engineer fills them in on site. */
export function ExtForms({
  d,
  own,
  rec,
  onExt,
  onReceipt,
}: {
  d: OrderDetail;
  /** Undefined: not asked for; null: still loading. */
  own: FormDefinition | null | undefined;
  rec: FormDefinition | null;
  onExt: (e: Record<string, unknown>) => void;
  onReceipt: (e: Record<string, unknown>) => void;
}) {
  const order = own !== undefined;
  const receipt = true;
  const initial = useMemo(() => Object.fromEntries(d.extFields.filter((f) => f.ovalue != null).map((f) => [String(f.id), f.ovalue])), [d.extFields]);
  if ((order && !own) || (receipt && !rec)) return <Spin size="small" />;
  return (
    <>
      {order && own ? <ExtForm definition={own} initial={initial} title="服务信息" onChange={onExt} /> : null}
      {receipt && rec ? <ExtForm definition={rec} initial={{}} title="工单回执" onChange={onReceipt} /> : null}
    </>
  );
}

export interface ActionDialogProps {
  d: OrderDetail;
  button: ActionButton;
  ability: OrderAction;
  onClose: () => void;
  onDone: () => void;
}

/** Collects the inputs, calls the action, and on success closes and refreshes the page; a refusal stays open with the server's message. */
export function ActionDialog({ d, button, ability, onClose, onDone }: ActionDialogProps) {
  const [ext, setExt] = useState<Record<string, unknown> | undefined>();
  const [receiptExt, setReceiptExt] = useState<Record<string, unknown> | undefined>();
  const withForms = button.fields.includes('finish') || button.fields.includes('receiptForm');
  const withOrderForm = button.fields.includes('finish');
  const own = useDefinition(1, withOrderForm, d.orderType.id, d.templateVersionId);
  const rec = useDefinition(9, withForms);
  const formSigns = withForms && [withOrderForm ? own : null, rec].some((def) => def?.fields.some((f) => f.type === SIGNATURE_FIELD_TYPE));
  // 完成服务时须客户签名确认 matters at completion, while the order has no signature yet.
  const asksSign = withOrderForm && button.fields.includes('signature') && !d.signature;
  const signSetting = useSettingQuery('order_sign_required', asksSign);
  // Not before the forms and the setting: a send then went without the forms' values, or without a required signature.
  const loading = (withForms && (!rec || (withOrderForm && !own))) || (asksSign && signSetting.isPending);

  // A missing input is marked on its field and nothing is sent; a refusal rejects (the request client has shown the
  // server's message) and the dialog stays for another try.
  const submit = async (raw: Record<string, unknown>) => {
    const v: ActionValues = { ...raw, time: raw.time ? (raw.time as Dayjs).format('YYYY-MM-DD HH:mm:00') : undefined, ext, receiptExt };
    await button.run(d, v, ability);
    onDone();
  };

  return (
    <RecordFormDialog<Record<string, unknown>>
      open
      title={button.title}
      okText={button.confirm ? '确定' : '提交'}
      danger={button.danger}
      onSubmit={submit}
      onClose={onClose}
      loading={loading}
      width={withForms ? 640 : 480}
      className="sk-order-action-dialog"
      after={withForms ? <ExtForms d={d} own={withOrderForm ? own : undefined} rec={rec} onExt={setExt} onReceipt={setReceiptExt} /> : null}
    >
      {button.confirm ? <p>{button.confirm}</p> : null}
      {button.fields.map((f) => (
        <FieldItem key={f} field={f} button={button} d={d} ability={ability} formSigns={formSigns} signRequired={asksSign && signSetting.data?.value === '1'} />
      ))}
    </RecordFormDialog>
  );
}
