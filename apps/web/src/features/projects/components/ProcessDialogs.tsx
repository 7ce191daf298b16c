import type { PlanStage, ProcessStage } from '@sk/shared/projects/projects.contract';
import { Form, Input, InputNumber, Switch } from 'antd';
import { type Person, PersonField, RecordFormDialog } from '../../../components';
import { call } from '../../../lib/api';
import { rulesOf } from '../../../lib/zodRules';
import { projectContract } from '../api';
import { withStage, withTask } from '../process.plan';

/** A stage and a task of the process as saveProjectProcess checks them: the dialogs' rules are the contract's. */
const STAGE = projectContract.saveProjectProcess.body.shape.stages.element.shape;
const TASK = STAGE.tasks.unwrap().element.shape;

/** Saves the project's whole process with one change; the board, progress and log refresh (api.ts). */
export const saveProcess = (projectId: number, stages: PlanStage[]) => call(projectContract.saveProjectProcess, { projectId, stages }, { successToast: true });

interface TaskValues {
  name: string;
  principal?: Person[];
  coordination?: Person[];
  durationDays: number;
  needApproval: boolean;
  approver?: Person[];
}

const one = (p?: Person[]) => (p?.[0] ? Number(p[0].id) : null);

/** Adds a task to a stage of a running project: principal, collaborators, duration (from today) and approval. */
export function AddTaskDialog(p: { projectId: number; stages: ProcessStage[]; stage: ProcessStage | null; onClose: () => void }) {
  return (
    <RecordFormDialog<TaskValues>
      open={p.stage != null}
      title="添加任务"
      onClose={p.onClose}
      initialValues={{ durationDays: 1, needApproval: false }}
      onSubmit={(v) =>
        saveProcess(
          p.projectId,
          withTask(p.stages, p.stage?.id ?? 0, {
            name: v.name,
            principalId: one(v.principal),
            coordinationUserIds: (v.coordination ?? []).map((x) => Number(x.id)),
            durationDays: v.durationDays,
            needApproval: v.needApproval,
            approverId: v.needApproval ? one(v.approver) : null,
          }),
        )
      }
    >
      {p.stage ? <p style={{ marginTop: 0 }}>阶段：{p.stage.name}</p> : null}
      <Form.Item name="name" label="任务名称" rules={rulesOf(TASK.name)}>
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item name="principal" label="负责人">
        <PersonField placeholder="选择负责人" />
      </Form.Item>
      <Form.Item name="coordination" label="协作人">
        <PersonField multiple placeholder="选择协作人" />
      </Form.Item>
      <Form.Item name="durationDays" label="工期（天）" extra="从今天开始计划">
        <InputNumber min={0} max={3650} precision={0} />
      </Form.Item>
      <Form.Item name="needApproval" label="完成需审批" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['needApproval']}>
        {({ getFieldValue }) =>
          getFieldValue('needApproval') ? (
            <Form.Item name="approver" label="审批人" extra="不选则由项目管理人员审批">
              <PersonField placeholder="选择审批人" />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </RecordFormDialog>
  );
}

/** Adds an empty stage after the last one. */
export function AddStageDialog(p: { projectId: number; stages: ProcessStage[]; open: boolean; onClose: () => void }) {
  return (
    <RecordFormDialog<{ name: string }>
      open={p.open}
      title="添加阶段"
      onClose={p.onClose}
      onSubmit={(v) => saveProcess(p.projectId, withStage(p.stages, v.name))}
    >
      <Form.Item name="name" label="阶段名称" rules={rulesOf(STAGE.name)}>
        <Input maxLength={50} />
      </Form.Item>
    </RecordFormDialog>
  );
}
