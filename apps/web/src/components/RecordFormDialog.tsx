// The one create/edit dialog: a Modal around an antd Form that validates, stays busy while the
// save is pending, closes on success and stays open on failure (the api layer has already toasted why).
import { Form, type FormInstance, Modal, Spin } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { UploadsGate, useUploadsGate } from './forms/fields/uploads';

export interface RecordFormDialogProps<T> {
  open: boolean;
  title: ReactNode;
  initialValues?: Partial<T>;
  /** Save the validated values; resolve to close the dialog, reject to keep it open. */
  onSubmit: (values: T) => Promise<unknown>;
  onClose: () => void;
  width?: number | string;
  okText?: string;
  /** The Form.Items. */
  children: ReactNode;
  /** Pass one when the fields need it (dependent fields, setFieldsValue); otherwise the dialog makes its own. */
  form?: FormInstance<T>;
  destroyOnHidden?: boolean;
  /** True while the record being edited loads: a spinner stands in for the form (its initial values are not known yet). */
  loading?: boolean;
  /** The form's name: its fields' ids are prefixed with it (`name_field`), so they cannot clash with a page form's. */
  name?: string;
  /** Shown under the form inside the dialog (e.g. the custom-field form an area adds to its fixed fields). */
  after?: ReactNode;
  /** A destructive action: the ok button is red. */
  danger?: boolean;
  className?: string;
}

export function RecordFormDialog<T extends object>(p: RecordFormDialogProps<T>) {
  const [own] = Form.useForm<T>();
  const form = p.form ?? own;
  const [busy, setBusy] = useState(false);
  // A ref as well as state: Enter in a field can submit again before the busy render lands.
  const pending = useRef(false);
  // Upload fields inside count their files under way: saved before, the form went without the file. Asked before the
  // check starts (its values are read then) and again before the save (Enter in a field submits without the button).
  const uploads = useUploadsGate();
  const run = async (values: T) => {
    if (pending.current || uploads.uploading()) return;
    pending.current = true;
    setBusy(true);
    try {
      await p.onSubmit(values);
      p.onClose();
    } catch {
      // The api layer showed the error; the dialog stays open for a fix.
    } finally {
      pending.current = false;
      setBusy(false);
    }
  };
  return (
    <Modal
      open={p.open}
      title={p.title}
      okText={p.okText ?? '保存'}
      cancelText="取消"
      confirmLoading={busy}
      okButtonProps={p.loading || p.danger ? { disabled: p.loading, danger: p.danger } : undefined}
      onOk={() => uploads.uploading() || form.submit()}
      onCancel={p.onClose}
      destroyOnHidden={p.destroyOnHidden ?? true}
      width={p.width}
      className={p.className}
    >
      {!p.open ? null : p.loading ? (
        <Spin />
      ) : (
        <UploadsGate gate={uploads}>
          {/* clearOnDestroy: unmounting fields write the old initial values back into the kept form store, and those would win
              over the next record's initial values (a list's 新增 and then 编辑 share one dialog). */}
          <Form<T> form={form} name={p.name} layout="vertical" initialValues={p.initialValues} preserve={false} clearOnDestroy onFinish={(v) => void run(v)}>
            {p.children}
          </Form>
          {p.after}
        </UploadsGate>
      )}
    </Modal>
  );
}
