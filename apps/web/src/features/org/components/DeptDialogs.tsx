import type { DeptNode } from '@sk/shared/org/org.schema';
import { Form, Input } from 'antd';
import { RecordFormDialog } from '../../../components';
import { useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { ORG_READS, orgContract, subtreeIds } from '../api';
import { DeptSelect } from './DeptSelect';

/** What the department dialog is doing: adding a child under `parent`, renaming or moving `dept`. */
export type DeptAction = { kind: 'add'; parent: DeptNode | null } | { kind: 'rename'; dept: DeptNode } | { kind: 'move'; dept: DeptNode };

const TITLES = { add: '新增部门', rename: '重命名部门', move: '移动部门' } as const;
const fields = orgContract.deptCreate.body.shape;

interface Values {
  name?: string;
  parentId?: number;
}

const initialOf = (action: DeptAction): Values =>
  action.kind === 'rename' ? { name: action.dept.name } : action.kind === 'move' ? { parentId: action.dept.parentId ?? undefined } : {};

/** Add a child department, rename one, or move one under another parent. */
export function DeptDialog({ action, onClose }: { action: DeptAction | null; onClose: () => void }) {
  const create = useApiMutation(orgContract.deptCreate, { invalidates: ORG_READS });
  const update = useApiMutation(orgContract.deptUpdate, { invalidates: ORG_READS });

  const submit = async (v: Values) => {
    if (!action) return;
    if (action.kind === 'add') await create.mutateAsync({ name: v.name!, parentId: action.parent?.id ?? null });
    else if (action.kind === 'rename') await update.mutateAsync({ id: action.dept.id, name: v.name! });
    else await update.mutateAsync({ id: action.dept.id, parentId: v.parentId! });
  };

  return (
    <RecordFormDialog<Values>
      open={action !== null}
      title={action ? TITLES[action.kind] : ''}
      okText="确定"
      name="skDeptForm"
      initialValues={action ? initialOf(action) : {}}
      onSubmit={submit}
      onClose={onClose}
    >
      {action?.kind === 'add' && <Form.Item label="上级部门">{action.parent?.name ?? '公司'}</Form.Item>}
      {action?.kind === 'move' ? (
        <Form.Item
          name="parentId"
          label="上级部门"
          rules={rulesOf(orgContract.deptUpdate.body.shape.parentId, { required: '请选择上级部门' })}
          extra={`将“${action.dept.name}”及其下级部门移动到所选部门之下`}
        >
          <DeptSelect blocked={subtreeIds(action.dept)} />
        </Form.Item>
      ) : (
        <Form.Item name="name" label="部门名称" rules={rulesOf(fields.name)}>
          <Input placeholder="请输入部门名称" maxLength={30} autoFocus />
        </Form.Item>
      )}
    </RecordFormDialog>
  );
}
