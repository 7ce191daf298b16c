import type { ProcessStage, TaskRow } from '@sk/shared/projects/projects.contract';
import { describe, expect, it } from 'vitest';
import { planOf, removable, withoutStage, withoutTask, withStage, withTask } from './process.plan';

const task = (id: number, stageId: number, name: string, state = 0): TaskRow => ({
  id,
  projectId: 1,
  stageId,
  name,
  state,
  principal: { id: 9, name: '张工' },
  coordinationUsers: [{ id: 8, name: '李工' }],
  needApproval: true,
  approver: null,
  remind: false,
  planStart: '2026-01-01 00:00:00',
  planEnd: '2026-01-02 00:00:00',
  finishedAt: null,
  abilities: [],
});
const STAGES: ProcessStage[] = [
  { id: 10, name: '勘察', tasks: [task(1, 10, '现场勘察', 1)] },
  { id: 11, name: '安装', tasks: [task(2, 11, '设备安装'), task(3, 11, '验收', 2)] },
];

describe('the board’s process edits', () => {
  it('send every stage and task by id and name only, so the server keeps their other fields', () => {
    expect(planOf(STAGES)).toEqual([
      { id: 10, name: '勘察', tasks: [{ id: 1, name: '现场勘察' }] },
      {
        id: 11,
        name: '安装',
        tasks: [
          { id: 2, name: '设备安装' },
          { id: 3, name: '验收' },
        ],
      },
    ]);
  });
  it('add a task at the end of its stage only', () => {
    const plan = withTask(STAGES, 11, { name: '联调', principalId: 9, durationDays: 3 });
    expect(plan[0]!.tasks).toHaveLength(1);
    expect(plan[1]!.tasks.map((t) => t.name)).toEqual(['设备安装', '验收', '联调']);
    expect(plan[1]!.tasks[2]).toEqual({ name: '联调', principalId: 9, durationDays: 3 });
  });
  it('remove a task, add an empty stage last, remove a stage with its tasks', () => {
    expect(withoutTask(STAGES, 2)[1]!.tasks.map((t) => t.id)).toEqual([3]);
    expect(withStage(STAGES, '回访').map((s) => s.name)).toEqual(['勘察', '安装', '回访']);
    expect(withStage(STAGES, '回访')[2]).toEqual({ name: '回访', tasks: [] });
    expect(withoutStage(STAGES, 10).map((s) => s.id)).toEqual([11]);
  });
  it('offer removal for unfinished and disabled tasks only', () => {
    expect([0, 1, 2, 3].map(removable)).toEqual([true, false, true, false]);
  });
});
