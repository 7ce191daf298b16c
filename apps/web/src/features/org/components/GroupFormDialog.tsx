import { SERVICE_GROUP_TYPES } from '@sk/shared/org/org.constants';
import type { GroupRow } from '@sk/shared/org/org.schema';
import { Form, Input, Select } from 'antd';
import { type Person, PersonField, RecordFormDialog } from '../../../components';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { teamContract } from '../api';

export const GROUP_TYPE_OPTIONS = labelOptions(SERVICE_GROUP_TYPES);

interface Values {
  name: string;
  type: number;
  leader: Person[];
  members: Person[];
  remark?: string;
}

const READS = [teamContract.groupList, teamContract.groupDetail, teamContract.groupSimpleList];
const fields = teamContract.groupCreate.body.shape;

/** Create or edit a service group: name, type, leader and members chosen in the person picker. */
export function GroupFormDialog({ group, open, onClose }: { group: GroupRow | null; open: boolean; onClose: () => void }) {
  const detail = useApi(teamContract.groupDetail, { id: group?.id ?? 0 }, { enabled: open && !!group, staleTime: 0 });
  const create = useApiMutation(teamContract.groupCreate, { invalidates: READS });
  const update = useApiMutation(teamContract.groupUpdate, { invalidates: READS });

  const d = group ? detail.data : undefined;
  const initial: Partial<Values> = d
    ? {
        name: d.name,
        type: d.type,
        leader: d.leaderId ? [{ id: d.leaderId, name: d.leader_name ?? '', mobile: '', department_name: null }] : [],
        members: d.members,
        remark: d.remark ?? '',
      }
    : { type: 1, leader: [], members: [] };

  const submit = async (v: Values) => {
    const body = { name: v.name, type: v.type, leaderId: v.leader[0]?.id ?? null, memberIds: v.members.map((m) => m.id), remark: v.remark || null };
    if (group) await update.mutateAsync({ id: group.id, ...body });
    else await create.mutateAsync(body);
  };

  return (
    <RecordFormDialog<Values>
      open={open}
      title={group ? '编辑服务团队' : '新建服务团队'}
      name="skGroupForm"
      loading={!!group && !detail.data}
      initialValues={initial}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="name" label="团队名称" rules={rulesOf(fields.name)}>
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="type" label="团队类型" rules={rulesOf(fields.type, { required: '请选择团队类型' })}>
        <Select options={GROUP_TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item name="leader" label="负责人">
        <PersonField placeholder="选择负责人" />
      </Form.Item>
      <Form.Item name="members" label="成员">
        <PersonField multiple placeholder="选择成员" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rulesOf(fields.remark)}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </RecordFormDialog>
  );
}
