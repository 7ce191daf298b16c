import { SERVICE_GROUP_TYPES } from '@sk/shared/org/org.constants';
import type { GroupRow } from '@sk/shared/org/org.schema';
import { Form, Input, Modal, Select, Spin } from 'antd';
import { type Person, PersonField } from '../../../components';
import { useApi, useApiMutation } from '../../../lib/query';
import { teamContract } from '../api';

export const GROUP_TYPE_OPTIONS = Object.entries(SERVICE_GROUP_TYPES).map(([value, label]) => ({ value: Number(value), label }));

interface Values {
  name: string;
  type: number;
  leader: Person[];
  members: Person[];
  remark?: string;
}

const READS = [teamContract.groupList, teamContract.groupDetail, teamContract.groupSimpleList];

function GroupForm({ group, onClose, onSaved }: { group: GroupRow | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<Values>();
  const detail = useApi(teamContract.groupDetail, { id: group?.id ?? 0 }, { enabled: !!group, staleTime: 0 });
  const done = {
    invalidates: READS,
    onSuccess: () => {
      onSaved();
      onClose();
    },
  };
  const create = useApiMutation(teamContract.groupCreate, done);
  const update = useApiMutation(teamContract.groupUpdate, done);
  if (group && !detail.data) return <Spin />;

  const d = detail.data;
  const initial: Partial<Values> = d
    ? {
        name: d.name,
        type: d.type,
        leader: d.leaderId ? [{ id: d.leaderId, name: d.leader_name ?? '', mobile: '', department_name: null }] : [],
        members: d.members,
        remark: d.remark ?? '',
      }
    : { type: 1, leader: [], members: [] };

  const submit = (v: Values) => {
    const body = { name: v.name, type: v.type, leaderId: v.leader[0]?.id ?? null, memberIds: v.members.map((m) => m.id), remark: v.remark || null };
    if (group) update.mutate({ id: group.id, ...body });
    else create.mutate(body);
  };

  return (
    <Form form={form} name="skGroupForm" layout="vertical" initialValues={initial} onFinish={submit} preserve={false}>
      <Form.Item
        name="name"
        label="团队名称"
        rules={[
          { required: true, whitespace: true, message: '请输入团队名称' },
          { max: 30, message: '团队名称不能超过30个字' },
        ]}
      >
        <Input maxLength={30} />
      </Form.Item>
      <Form.Item name="type" label="团队类型" rules={[{ required: true, message: '请选择团队类型' }]}>
        <Select options={GROUP_TYPE_OPTIONS} />
      </Form.Item>
      <Form.Item name="leader" label="负责人">
        <PersonField placeholder="选择负责人" />
      </Form.Item>
      <Form.Item name="members" label="成员">
        <PersonField multiple placeholder="选择成员" />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[{ max: 200, message: '备注不能超过200个字' }]}>
        <Input.TextArea rows={3} maxLength={200} />
      </Form.Item>
    </Form>
  );
}

/** Create or edit a service group: name, type, leader and members chosen in the person picker. */
export function GroupFormDialog({ group, open, onClose, onSaved }: { group: GroupRow | null; open: boolean; onClose: () => void; onSaved: () => void }) {
  return (
    <Modal
      open={open}
      title={group ? '编辑服务团队' : '新建服务团队'}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ htmlType: 'submit', form: 'skGroupForm' }}
      onCancel={onClose}
      destroyOnHidden
    >
      {open && <GroupForm group={group} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}
