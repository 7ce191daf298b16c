import { describe, expect, it } from 'vitest';
import { allowed } from '../common/machine';
import { decideProject, decideTask, PROJECT_ACTIONS, type ProjectContext, progressOf, TASK_ACTIONS, type TaskContext } from './project.machine';

const pctx = (o: Partial<ProjectContext> = {}): ProjectContext => ({
  approval: null,
  approver: true,
  manager: true,
  finishApproval: false,
  allDone: true,
  ...o,
});
const tctx = (o: Partial<TaskContext> = {}): TaskContext => ({ projectOpen: true, principal: true, approver: true, manager: true, needApproval: false, ...o });
const to = (d: ReturnType<typeof decideTask>) => (allowed(d) ? d.to : d.refuse);

describe('task machine over every (state, action)', () => {
  const legal: Record<string, number> = {
    '0:finish': 1,
    '3:approve': 1,
    '3:reject': 0,
    '0:disable': 2,
    '3:disable': 2,
    '2:enable': 0,
    '1:reopen': 0,
  };
  for (const s of [0, 1, 2, 3]) {
    for (const a of TASK_ACTIONS) {
      it(`${s} ${a}`, () => expect(to(decideTask(s, a, tctx()))).toBe(legal[`${s}:${a}`] ?? 'TASK_INVALID_TRANSITION'));
    }
  }
  it('a task that needs approval goes to approval (3) when finished', () => expect(to(decideTask(0, 'finish', tctx({ needApproval: true })))).toBe(3));
  it('only the principal or a manager finishes; only the approver approves', () => {
    expect(to(decideTask(0, 'finish', tctx({ principal: false, manager: false })))).toBe('PROJECT_ACTOR');
    expect(to(decideTask(3, 'approve', tctx({ approver: false })))).toBe('PROJECT_ACTOR');
    expect(to(decideTask(1, 'reopen', tctx({ manager: false })))).toBe('PROJECT_ACTOR');
  });
  it('nothing moves while the project is not in progress', () => expect(to(decideTask(0, 'finish', tctx({ projectOpen: false })))).toBe('PROJECT_NOT_OPEN'));
});

describe('project machine over every (state, action)', () => {
  it('creation approval: approve 0→1, reject stays 0; nothing else from 0', () => {
    for (const a of PROJECT_ACTIONS) {
      const d = decideProject(0, a, pctx({ approval: 'create' }));
      expect(allowed(d) ? d.to : d.refuse, a).toBe(a === 'approve' ? 1 : a === 'reject' ? 0 : 'PROJECT_INVALID_TRANSITION');
    }
  });
  it('finish: straight to 2, or held at 1 for its approver; approveFinish then 2', () => {
    expect(to(decideProject(1, 'finish', pctx()))).toBe(2);
    expect(to(decideProject(1, 'finish', pctx({ finishApproval: true })))).toBe(1);
    expect(to(decideProject(1, 'finish', pctx({ allDone: false })))).toBe('PROJECT_TASKS_UNFINISHED');
    expect(to(decideProject(1, 'finish', pctx({ approval: 'finish' })))).toBe('PROJECT_FINISH_PENDING');
    expect(to(decideProject(1, 'approveFinish', pctx({ approval: 'finish' })))).toBe(2);
    expect(to(decideProject(1, 'rejectFinish', pctx({ approval: 'finish' })))).toBe(1);
    expect(to(decideProject(1, 'approveFinish', pctx({ approval: 'finish', approver: false })))).toBe('PROJECT_ACTOR');
  });
  it('a completed project takes no action', () => {
    for (const a of PROJECT_ACTIONS) expect(allowed(decideProject(2, a, pctx({ approval: 'finish' }))), a).toBe(false);
  });
});

describe('progressOf', () => {
  it('counts finished over all but disabled, rounding down', () => {
    expect(progressOf({ total: 3, finished: 1, disabled: 0 })).toBe(33);
    expect(progressOf({ total: 3, finished: 2, disabled: 1 })).toBe(100);
    expect(progressOf({ total: 3, finished: 0, disabled: 3 })).toBe(0);
    expect(progressOf({ total: 0, finished: 0, disabled: 0 })).toBe(0);
  });
});
