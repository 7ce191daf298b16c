import type { TaskTmplRow } from '@sk/shared/projects/projects.contract';
import { Form, Input, InputNumber, Switch } from 'antd';
import { type Person, PersonField, RecordFormDialog } from '../../../components';
import { call } from '../../../lib/api';
import { rulesOf } from '../../../lib/zodRules';
import { projectContract } from '../api';

interface Values {
  name: string;
  principal?: Person[];
  coordination?: Person[];
  durationDays: number;
  needApproval: boolean;
  approver?: Person[];
  remind: boolean;
}

const one = (p?: Person[]) => (p?.[0] ? Number(p[0].id) : null);

/** Adds or edits a task template of a stage: principal, collaborators, duration, approval and reminder. */
export function TaskTmplDialog(p: { open: boolean; templateId: number; stageId: number; task?: TaskTmplRow | null; onClose: () => void }) {
  const t = p.task;
  return (
    <RecordFormDialog<Values>
      open={p.open}
      title={t ? '编辑任务' : '添加任务'}
      onClose={p.onClose}
      initialValues={{
        name: t?.name,
        principal: t?.principal ? [t.principal as Person] : [],
        coordination: (t?.coordinationUsers ?? []) as Person[],
        durationDays: t?.durationDays ?? 1,
        needApproval: t?.needApproval ?? false,
        approver: t?.approver ? [t.approver as Person] : [],
        remind: t?.remind ?? false,
      }}
      onSubmit={(v) =>
        call(
          projectContract.saveTaskTmpl,
          {
            id: t?.id,
            templateId: p.templateId,
            stageId: p.stageId,
            name: v.name,
            principalId: one(v.principal),
            coordinationUserIds: (v.coordination ?? []).map((x) => Number(x.id)),
            durationDays: v.durationDays,
            needApproval: v.needApproval,
            approverId: one(v.approver),
            remind: v.remind,
          },
          { successToast: true },
        )
      }
    >
      <Form.Item name="name" label="任务名称" rules={rulesOf(projectContract.saveTaskTmpl.body.shape.name)}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="principal" label="默认负责人">
        <PersonField placeholder="选择负责人" />
      </Form.Item>
      <Form.Item name="coordination" label="协作人">
        <PersonField multiple placeholder="选择协作人" />
      </Form.Item>
      <Form.Item name="durationDays" label="工期（天）">
        <InputNumber min={0} max={3650} precision={0} />
      </Form.Item>
      <Form.Item name="needApproval" label="完成需审批" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="approver" label="审批人" extra="不选则由项目管理人员审批">
        <PersonField placeholder="选择审批人" />
      </Form.Item>
      <Form.Item name="remind" label="到期提醒" valuePropName="checked">
        <Switch />
      </Form.Item>
    </RecordFormDialog>
  );
}
