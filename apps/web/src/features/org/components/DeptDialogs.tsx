import type { DeptNode } from '@sk/shared/org/org.schema';
import { Form, Input, Modal } from 'antd';
import { useApiMutation } from '../../../lib/query';
import { ORG_READS, orgContract, subtreeIds } from '../api';
import { DeptSelect } from './DeptSelect';

/** What the department dialog is doing: adding a child under `parent`, renaming or moving `dept`. */
export type DeptAction = { kind: 'add'; parent: DeptNode | null } | { kind: 'rename'; dept: DeptNode } | { kind: 'move'; dept: DeptNode };

const TITLES = { add: '新增部门', rename: '重命名部门', move: '移动部门' } as const;
const FORM_ID = 'skDeptForm';

interface Values {
  name?: string;
  parentId?: number;
}

// Mounted afresh on every open, so each action starts from its own values.
function DeptForm({ action, onFinish }: { action: DeptAction; onFinish: (v: Values) => void }) {
  const [form] = Form.useForm<Values>();
  const initial: Values = action.kind === 'rename' ? { name: action.dept.name } : action.kind === 'move' ? { parentId: action.dept.parentId ?? undefined } : {};
  return (
    <Form form={form} name={FORM_ID} layout="vertical" initialValues={initial} onFinish={onFinish}>
      {action.kind === 'add' && <Form.Item label="上级部门">{action.parent?.name ?? '公司'}</Form.Item>}
      {action.kind === 'move' ? (
        <Form.Item
          name="parentId"
          label="上级部门"
          rules={[{ required: true, message: '请选择上级部门' }]}
          extra={`将“${action.dept.name}”及其下级部门移动到所选部门之下`}
        >
          <DeptSelect blocked={subtreeIds(action.dept)} />
        </Form.Item>
      ) : (
        <Form.Item
          name="name"
          label="部门名称"
          rules={[
            { required: true, whitespace: true, message: '请输入部门名称' },
            { max: 30, message: '部门名称不能超过30个字' },
          ]}
        >
          <Input placeholder="请输入部门名称" maxLength={30} autoFocus />
        </Form.Item>
      )}
    </Form>
  );
}

/** Add a child department, rename one, or move one under another parent. */
export function DeptDialog({ action, onClose }: { action: DeptAction | null; onClose: () => void }) {
  const opts = { invalidates: ORG_READS, onSuccess: () => onClose() };
  const create = useApiMutation(orgContract.deptCreate, opts);
  const update = useApiMutation(orgContract.deptUpdate, opts);

  const submit = (v: Values) => {
    if (!action) return;
    if (action.kind === 'add') create.mutate({ name: v.name!, parentId: action.parent?.id ?? null });
    else if (action.kind === 'rename') update.mutate({ id: action.dept.id, name: v.name! });
    else update.mutate({ id: action.dept.id, parentId: v.parentId! });
  };

  return (
    <Modal
      open={action !== null}
      title={action ? TITLES[action.kind] : ''}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: FORM_ID }}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      {action && <DeptForm action={action} onFinish={submit} />}
    </Modal>
  );
}
