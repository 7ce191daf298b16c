// 编辑工单 / 补充信息: the create page's fields (its FormRenderer pieces and pickers) for what the order's state lets this user change.
import { formsContract } from '@sk/shared/forms/forms.contract';
import type { OrderAction } from '@sk/shared/orders/order.machine';
import { orderCreateContract } from '@sk/shared/orders/order.create.contract';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { editableFields } from '@sk/shared/orders/order.edit';
import { Alert, Input, Modal, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { FormRenderer, useFormRenderer } from '../../../components/forms';
import { rememberFile } from '../../../components/forms/fields/files';
import { UploadsGate, useUploadsGate } from '../../../components/forms/fields/uploads';
import type { FormInfo } from '@sk/shared/forms/forms.views';
import { call } from '../../../lib/api';
import { invalidate, useApi } from '../../../lib/query';
import { useSessionUser } from '../../../lib/session';
import { checkedDefinition, definitionOf } from '../create/fields';
import { useSaleChannels } from '../create/options';
import { orderFieldWidgets } from '../create/widgets';
import { orderActionsContract as A } from './api';
import { editBodyOf, editValuesOf } from './edit';

export interface EditOrderDialogProps {
  d: OrderDetail;
  ability: OrderAction;
  onClose: () => void;
  onDone: () => void;
}

function EditForm({ d, ability, info, onClose, onDone }: EditOrderDialogProps & { info: FormInfo }) {
  const user = useSessionUser();
  const roles = useMemo(() => (user?.sysrole ? [user.sysrole] : []), [user?.sysrole]);
  const who = ability === 'employeeEdit' ? 'engineer' : 'staff';
  const editable = useMemo(() => editableFields(who, d), [who, d]);
  const definition = useMemo(() => {
    const all = definitionOf(info);
    return {
      ...all,
      fixedFields: all.fixedFields.filter((f) => f.key !== 'customerId' && editable.includes(f.key as never)),
      fields: editable.includes('ext') ? all.fields : [],
    };
  }, [info, editable]);
  const checked = useMemo(() => checkedDefinition(definition), [definition]);
  const initial = useMemo(() => {
    for (const f of d.attachments) rememberFile(f);
    return editValuesOf(d);
  }, [d]);
  // Required custom fields (marked) bind 完成服务, not this save: a photo may be saved before 故障类型 is known.
  const form = useFormRenderer(checked, initial, { isNew: false, roles, previous: initial.ext, requiredLater: true });
  const [contactId, setContactId] = useState<number | null>(d.contactId);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // 保存 waits for the 附件 and picture fields' files: saved before, the edit went without them.
  const uploads = useUploadsGate();
  // The order's own customer, by the order: the engineer's 补充信息 holds no 新建工单 power (the create page's call).
  const ctx = useApi(orderCreateContract.orderCustomerContext, { orderId: d.id }, { call: { silent: true } });
  const saleChannels = useSaleChannels();
  const set = (patch: Record<string, unknown>) => form.setValues({ ...form.values, system: { ...form.values.system, ...patch } });
  const widgets = orderFieldWidgets({
    context: ctx.data,
    saleChannels,
    onContact: setContactId,
    set,
    refetchContext: () => void invalidate(orderCreateContract.orderCustomerContext),
  });

  const save = async () => {
    if (uploads.uploading()) return;
    const r = await form.validate();
    if (!r.ok) return;
    const body = editBodyOf(initial, { system: { ...form.values.system, ...r.system }, ext: r.ext }, editable, contactId);
    if (Object.keys(body).length === 0) return onClose();
    setBusy(true);
    try {
      const seen = { orderId: d.id, expectedState: d.state, version: d.version, note: note.trim() || undefined };
      if (who === 'engineer') await call(A.employeeEdit, { ...seen, ...body }, { successToast: true });
      else await call(A.edit, { ...seen, ...body }, { successToast: true });
      onDone();
    } catch {
      // The request client has shown the server's message; the dialog stays with the values.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={who === 'engineer' ? '补充服务信息' : '编辑工单'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      width={820}
      className="sk-order-edit-dialog"
    >
      {d.state === 4 && who === 'staff' ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="服务中的工单不能修改预约时间，如需改约请走异常申请" />
      ) : null}
      {d.state === 7 && d.examineType === 2 ? (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="工单待完成审核，只能补充描述、附件、标签和抄送人" />
      ) : null}
      {ctx.isError ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`无法读取客户的联系人、地址和设备（${ctx.error.message}），可直接填写联系人、电话和地址`}
        />
      ) : null}
      <UploadsGate gate={uploads}>
        <FormRenderer {...form.props} definition={definition} fixedWidgets={widgets} roles={roles} columns={2} />
      </UploadsGate>
      <Input.TextArea
        rows={2}
        maxLength={500}
        placeholder="修改说明（选填，记入工单日志）"
        value={note}
        onChange={(e) => setNote(e.target.value)}
        aria-label="修改说明"
      />
    </Modal>
  );
}

/** Loads the order's pinned form version (its custom fields as when it was created), then the form. */
export function EditOrderDialog(p: EditOrderDialogProps) {
  const info = useApi(formsContract.dcFormInfo, { type: 1, tmpId: p.d.orderType.id, versionId: p.d.templateVersionId ?? undefined }, { staleTime: 0 });
  if (!info.data) {
    return (
      <Modal open title="编辑工单" footer={null} onCancel={p.onClose}>
        <Spin style={{ display: 'block', margin: 24 }} />
      </Modal>
    );
  }
  return <EditForm {...p} info={info.data} />;
}
