import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../common/errors';
import { abilitiesOf } from '../common/machine';
import {
  DEFAULT_ORDER_PROCESS,
  decideOrder,
  examineOpened,
  initialOrderState,
  NO_FLAGS,
  ORDER_ACTIONS,
  type OrderAction,
  type OrderActor,
  type OrderContext,
  type OrderFlags,
  type OrderProcess,
  orderMachine,
} from './order.machine';
import { ORDER_STATE_LIST } from './orders.constants';

/** Every part and role at once: only the state, the settings and the flags can refuse. */
const EVERYONE: OrderActor = {
  parts: ['creator', 'salesperson', 'acceptor', 'dispatcher', 'service', 'collaborator', 'returnVisitor', 'copied'],
  admin: true,
  dispatchRole: true,
  acceptRole: true,
  serviceRole: true,
  approver: true,
};
const NOBODY: OrderActor = { parts: [], admin: false, dispatchRole: false, acceptRole: false, serviceRole: false, approver: false };

const ctx = (o: { process?: Partial<OrderProcess>; flags?: Partial<OrderFlags>; actor?: OrderActor } = {}): OrderContext => ({
  process: { ...DEFAULT_ORDER_PROCESS, ...o.process },
  flags: { ...NO_FLAGS, ...o.flags },
  actor: o.actor ?? EVERYONE,
});

/** One cell: the next state, or a refusal (. invalid transition, P not in pool, N no approval set, A approval needed, X abnormal pending, O stage off). */
const CODES: Record<string, ErrorCode> = {
  '.': 'ORDER_INVALID_TRANSITION',
  P: 'ORDER_NOT_IN_POOL',
  N: 'ORDER_NO_APPROVAL',
  A: 'ORDER_NEEDS_APPROVAL',
  X: 'ORDER_ABNORMAL',
  O: 'ORDER_STAGE_OFF',
};
const cell = (d: ReturnType<typeof decideOrder>): string =>
  'to' in d ? String(d.to) : (Object.entries(CODES).find(([, c]) => c === d.refuse)?.[0] ?? d.refuse);
/** The row of an action over states 0–7 as the table in docs/orders.md writes it. */
const row = (action: OrderAction, c: OrderContext): string => ORDER_STATE_LIST.map((s) => cell(decideOrder(s, action, c))).join(' ');

// The base table: default process, no flags, an actor who is everybody. States 0 1 2 3 4 5 6 7.
const BASE: Record<OrderAction, string> = {
  acceptance: '1 . . . . . . .',
  invalid: '0 . . . . . . .',
  keepDate: '. 1 2 3 . . . .',
  workerBespokeDate: '. . . 3 . . . .',
  dispatch: '. 2 2 2 . . . .',
  grab: '. P . . . . . .',
  revokeGrab: '. . . . . . . .',
  accept: '. . 3 . . . . .',
  refuseOrder: '. . 1 . . . . .',
  startService: '. . . 4 . . . .',
  serviceComplete: '. . . . 5 . . .',
  applyEndService: '. . . . N . . .',
  cancel: '6 6 6 6 6 . . .',
  employeeCancel: '6 6 6 6 . . . .',
  applyAbnormalOrder: '. . 2 3 4 . . .',
  handleAbnormal: '. . . . . . . .',
  rejectAbnormal: '. . . . . . . .',
  approve: '. . . . . . . .',
  reject: '. . . . . . . .',
  receipt: '. . . . . 5 . .',
  collect: '. . . . . 5 . .',
  archive: '. . . . . 5 6 .',
  edit: '0 1 2 3 4 . . 7',
  employeeEdit: '. . . 3 4 . . .',
  delete: '0 1 2 3 4 5 6 7',
  restore: '. . . . . . . .',
  reconcile: '. . . . . . . .',
};

/** Rows that differ from BASE in a given situation; every other row must equal BASE there. */
const VARIANTS: { name: string; c: OrderContext; rows: Partial<Record<OrderAction, string>> }[] = [
  {
    name: 'creation approval pending (examineType 1)',
    c: ctx({ flags: { examineType: 1 } }),
    rows: { approve: '. . . . . . . 1', reject: '. . . . . . . 6', cancel: '6 6 6 6 6 . . 6', employeeCancel: '6 6 6 6 . . . 6' },
  },
  {
    name: 'creation approval pending, with acceptance',
    c: ctx({ process: { acceptance: true }, flags: { examineType: 1 } }),
    rows: { approve: '. . . . . . . 0', reject: '. . . . . . . 6', cancel: '6 6 6 6 6 . . 6', employeeCancel: '6 6 6 6 . . . 6' },
  },
  {
    name: 'completion approval pending (examineType 2)',
    c: ctx({ flags: { examineType: 2 } }),
    rows: { approve: '. . . . . . . 5', reject: '. . . . . . . 4' },
  },
  {
    name: 'receipt approval pending (examineType 3)',
    c: ctx({ flags: { examineType: 3 } }),
    rows: { approve: '. . . . . 5 . .', reject: '. . . . . 5 . .', receipt: '. . . . . . . .' },
  },
  {
    name: 'collection approval pending (examineType 4)',
    c: ctx({ flags: { examineType: 4 } }),
    rows: { approve: '. . . . . 5 . .', reject: '. . . . . 5 . .', collect: '. . . . . . . .' },
  },
  {
    name: 'receipted and collected',
    c: ctx({ flags: { receipted: true, collected: true } }),
    rows: { receipt: '. . . . . . . .', collect: '. . . . . . . .', reconcile: '. . . . . 5 . .' },
  },
  {
    name: 'collected, its collection approval pending',
    c: ctx({ flags: { collected: true, examineType: 4 } }),
    rows: { approve: '. . . . . 5 . .', reject: '. . . . . 5 . .', collect: '. . . . . . . .' },
  },
  { name: 'collected and reconciled', c: ctx({ flags: { collected: true, reconciled: true } }), rows: { collect: '. . . . . . . .' } },
  { name: 'no engineer acceptance step', c: ctx({ process: { engineerAccept: false } }), rows: { dispatch: '. 3 3 3 . . . .' } },
  {
    name: 'completion needs approval',
    c: ctx({ process: { completeApproval: true } }),
    rows: { serviceComplete: '. . . . A . . .', applyEndService: '. . . . 7 . . .' },
  },
  { name: 'offered in the pool', c: ctx({ flags: { inPool: true } }), rows: { grab: '. 3 . . . . . .' } },
  { name: 'grabbed by its engineer', c: ctx({ flags: { grabbed: true } }), rows: { revokeGrab: '. . . 1 . . . .' } },
  ...([1, 2, 3] as const).map((k) => ({
    name: `abnormal request ${k} pending`,
    c: ctx({ flags: { abnormal: k } }),
    rows: {
      workerBespokeDate: '. . . X . . . .',
      accept: '. . X . . . . .',
      refuseOrder: '. . X . . . . .',
      startService: '. . . X . . . .',
      serviceComplete: '. . . . X . . .',
      applyEndService: '. . . . X . . .',
      applyAbnormalOrder: '. . X X X . . .',
      handleAbnormal: k === 1 ? '. . 2 3 4 . . .' : k === 2 ? '. . 1 1 1 . . .' : '. . 6 6 6 . . .',
      rejectAbnormal: '. . 2 3 4 . . .',
    } as Partial<Record<OrderAction, string>>,
  })),
  {
    name: 'abnormal and grabbed',
    c: ctx({ flags: { abnormal: 2, grabbed: true } }),
    rows: {
      workerBespokeDate: '. . . X . . . .',
      accept: '. . X . . . . .',
      refuseOrder: '. . X . . . . .',
      startService: '. . . X . . . .',
      serviceComplete: '. . . . X . . .',
      applyEndService: '. . . . X . . .',
      applyAbnormalOrder: '. . X X X . . .',
      handleAbnormal: '. . 1 1 1 . . .',
      rejectAbnormal: '. . 2 3 4 . . .',
      revokeGrab: '. . . X . . . .',
    },
  },
];

/** The stage switches of the process page, one at a time and together: the rows each one changes. */
const STAGES: { name: string; c: OrderContext; rows: Partial<Record<OrderAction, string>> }[] = [
  { name: 'acceptance stage on', c: ctx({ process: { acceptance: true } }), rows: {} },
  {
    name: 'acceptance on, dispatch off: acceptance leads to pending service',
    c: ctx({ process: { acceptance: true, dispatch: false } }),
    rows: { acceptance: '3 . . . . . . .' },
  },
  { name: 'dispatch stage off (re-dispatch stays possible)', c: ctx({ process: { dispatch: false } }), rows: { acceptance: '3 . . . . . . .' } },
  {
    name: 'dispatch off, creation approval pending: approval leads to pending service',
    c: ctx({ process: { dispatch: false }, flags: { examineType: 1 } }),
    rows: {
      acceptance: '3 . . . . . . .',
      approve: '. . . . . . . 3',
      reject: '. . . . . . . 6',
      cancel: '6 6 6 6 6 . . 6',
      employeeCancel: '6 6 6 6 . . . 6',
    },
  },
  { name: 'pickup stage off', c: ctx({ process: { engineerAccept: false } }), rows: { dispatch: '. 3 3 3 . . . .' } },
  { name: 'appointment stage off', c: ctx({ process: { appointment: false } }), rows: { keepDate: '. O O O . . . .', workerBespokeDate: '. . . O . . . .' } },
  {
    name: 'service stage off: complete from pending service',
    c: ctx({ process: { service: false } }),
    rows: { startService: '. . . O . . . .', serviceComplete: '. . . 5 5 . . .', applyEndService: '. . . N N . . .' },
  },
  {
    name: 'service stage off with completion approval',
    c: ctx({ process: { service: false, completeApproval: true } }),
    rows: { startService: '. . . O . . . .', serviceComplete: '. . . A A . . .', applyEndService: '. . . 7 7 . . .' },
  },
  { name: 'receipt stage off', c: ctx({ process: { receipt: false } }), rows: { receipt: '. . . . . O . .' } },
  { name: 'payment stage off', c: ctx({ process: { payment: false } }), rows: { collect: '. . . . . O . .' } },
  { name: 'exception request stage off', c: ctx({ process: { abnormal: false } }), rows: { applyAbnormalOrder: '. . O O O . . .' } },
  { name: 'return visit stage off (not the machine’s)', c: ctx({ process: { returnVisit: false } }), rows: {} },
  {
    name: 'only creation and service: every optional stage off',
    c: ctx({ process: { dispatch: false, engineerAccept: false, appointment: false, receipt: false, payment: false, abnormal: false, returnVisit: false } }),
    rows: {
      acceptance: '3 . . . . . . .',
      dispatch: '. 3 3 3 . . . .',
      keepDate: '. O O O . . . .',
      workerBespokeDate: '. . . O . . . .',
      applyAbnormalOrder: '. . O O O . . .',
      receipt: '. . . . . O . .',
      collect: '. . . . . O . .',
    },
  },
];

const ONLY = (action: OrderAction, line: string) => Object.fromEntries(ORDER_ACTIONS.map((a) => [a, a === action ? line : '. . . . . . . .']));

/** Frozen orders: each allows one action only. */
const FROZEN: { name: string; c: OrderContext; rows: Record<string, string> }[] = [
  { name: 'in the recycle bin', c: ctx({ flags: { deleted: true } }), rows: ONLY('restore', '0 1 2 3 4 5 6 7') },
  { name: 'marked invalid', c: ctx({ flags: { invalid: true } }), rows: ONLY('delete', '0 1 2 3 4 5 6 7') },
  { name: 'archived', c: ctx({ flags: { archived: true } }), rows: ONLY('delete', '0 1 2 3 4 5 6 7') },
];

describe('order machine: every (state, action) pair', () => {
  it('the base table', () => {
    for (const a of ORDER_ACTIONS) expect([a, row(a, ctx())]).toEqual([a, BASE[a]]);
  });

  for (const v of VARIANTS) {
    it(v.name, () => {
      for (const a of ORDER_ACTIONS) expect([a, row(a, v.c)]).toEqual([a, v.rows[a] ?? BASE[a]]);
    });
  }

  for (const v of STAGES) {
    it(`stage switch: ${v.name}`, () => {
      for (const a of ORDER_ACTIONS) expect([a, row(a, v.c)]).toEqual([a, v.rows[a] ?? BASE[a]]);
    });
  }

  for (const f of FROZEN) {
    it(`frozen: ${f.name}`, () => {
      for (const a of ORDER_ACTIONS) expect([a, row(a, f.c)]).toEqual([a, f.rows[a]]);
    });
  }
});

/** Who may take each action where the state allows it (one actor per part or role). */
const ACTORS: Record<string, OrderActor> = {
  admin: { ...NOBODY, admin: true },
  dispatchRole: { ...NOBODY, dispatchRole: true },
  acceptRole: { ...NOBODY, acceptRole: true },
  serviceRole: { ...NOBODY, serviceRole: true },
  approver: { ...NOBODY, approver: true },
  creator: { ...NOBODY, parts: ['creator'] },
  salesperson: { ...NOBODY, parts: ['salesperson'] },
  acceptor: { ...NOBODY, parts: ['acceptor'] },
  dispatcher: { ...NOBODY, parts: ['dispatcher'] },
  service: { ...NOBODY, parts: ['service'] },
  collaborator: { ...NOBODY, parts: ['collaborator'] },
  returnVisitor: { ...NOBODY, parts: ['returnVisitor'] },
  copied: { ...NOBODY, parts: ['copied'] },
  finance: { ...NOBODY, role: 8 },
};
const staff = ['admin', 'dispatchRole'];
const acceptStaff = [...staff, 'acceptRole'];
const WHO: Record<OrderAction, string[]> = {
  acceptance: acceptStaff,
  invalid: acceptStaff,
  keepDate: [...acceptStaff, 'dispatcher'],
  workerBespokeDate: ['service'],
  dispatch: staff,
  grab: ['serviceRole'],
  revokeGrab: ['service'],
  accept: ['service'],
  refuseOrder: ['service'],
  startService: ['service'],
  serviceComplete: ['admin', 'service'],
  applyEndService: ['admin', 'service'],
  cancel: staff,
  employeeCancel: ['creator'],
  applyAbnormalOrder: ['service'],
  handleAbnormal: staff,
  rejectAbnormal: staff,
  approve: ['approver'],
  reject: ['approver'],
  receipt: [...staff, 'service'],
  collect: [...staff, 'service'],
  archive: staff,
  edit: [...acceptStaff, 'creator'],
  employeeEdit: ['service', 'collaborator'],
  delete: ['admin'],
  restore: ['admin'],
  reconcile: ['admin', 'finance'],
};
/** A situation where each action is legal for somebody. */
const WHERE: Partial<Record<OrderAction, { state: number; c: Parameters<typeof ctx>[0] }>> = {
  grab: { state: 1, c: { flags: { inPool: true } } },
  revokeGrab: { state: 3, c: { flags: { grabbed: true } } },
  applyEndService: { state: 4, c: { process: { completeApproval: true } } },
  handleAbnormal: { state: 3, c: { flags: { abnormal: 1 } } },
  rejectAbnormal: { state: 3, c: { flags: { abnormal: 1 } } },
  approve: { state: 7, c: { flags: { examineType: 2 } } },
  reject: { state: 7, c: { flags: { examineType: 2 } } },
  restore: { state: 5, c: { flags: { deleted: true } } },
  reconcile: { state: 5, c: { flags: { collected: true } } },
};

describe('order machine: the actor’s part', () => {
  for (const a of ORDER_ACTIONS) {
    it(a, () => {
      const w = WHERE[a] ?? { state: BASE[a].split(' ').findIndex((x) => /\d/.test(x)), c: {} };
      const who = Object.entries(ACTORS)
        .filter(([, actor]) => 'to' in decideOrder(w.state, a, ctx({ ...w.c, actor })))
        .map(([name]) => name);
      expect(who.sort()).toEqual([...WHO[a]].sort());
      const refusal = a === 'approve' || a === 'reject' ? 'ORDER_NOT_APPROVER' : 'ORDER_ACTOR';
      expect(decideOrder(w.state, a, ctx({ ...w.c, actor: NOBODY }))).toEqual({ refuse: refusal });
    });
  }

  it('a state refusal comes before an actor refusal (a stale button learns the state moved)', () => {
    expect(decideOrder(5, 'accept', ctx({ actor: NOBODY }))).toEqual({ refuse: 'ORDER_INVALID_TRANSITION' });
  });
});

describe('order machine: the actors a stage names', () => {
  const who = (state: number, a: OrderAction, c: Parameters<typeof ctx>[0]) =>
    Object.entries(ACTORS)
      .filter(([, actor]) => 'to' in decideOrder(state, a, ctx({ ...c, actor })))
      .map(([name]) => name)
      .sort();
  const CASES: { name: string; state: number; action: OrderAction; actors: Partial<OrderProcess['actors']>; who: string[] }[] = [
    {
      name: 'appointments by the dispatcher (person type 2) only',
      state: 2,
      action: 'keepDate',
      actors: { appointment: { personTypes: [2], roles: [] } },
      who: ['admin', 'dispatcher'],
    },
    {
      name: 'acceptance by the acceptance desk role (6) only',
      state: 0,
      action: 'acceptance',
      actors: { acceptance: { personTypes: [], roles: [6] } },
      who: ['acceptRole', 'admin'],
    },
    {
      name: 'a stage’s actors never let in someone the table does not',
      state: 3,
      action: 'startService',
      actors: { service: { personTypes: [4], roles: [1] } },
      who: [],
    },
    { name: 'empty actors change nothing', state: 1, action: 'dispatch', actors: { dispatch: { personTypes: [], roles: [] } }, who: ['admin', 'dispatchRole'] },
  ];
  for (const k of CASES) {
    it(k.name, () => {
      const roles: Record<string, number> = { dispatchRole: 1, serviceRole: 2, acceptRole: 6 };
      const c = { process: { actors: k.actors } };
      const names = Object.entries(ACTORS)
        .filter(([name, actor]) => 'to' in decideOrder(k.state, k.action, ctx({ ...c, actor: { ...actor, role: roles[name] ?? null } })))
        .map(([name]) => name)
        .sort();
      expect(names).toEqual(k.who);
    });
  }
  it('without actors the table decides alone', () => {
    expect(who(2, 'keepDate', {})).toEqual(['acceptRole', 'admin', 'dispatchRole', 'dispatcher'].sort());
  });
});

describe('order machine: abilities, start and approvals', () => {
  it('abilities of an engineer on a dispatched order, and of a copied-to user', () => {
    const engineer = { ...NOBODY, serviceRole: true, parts: ['service'] as const };
    expect(abilitiesOf(orderMachine, 2, ctx({ actor: engineer }))).toEqual(['accept', 'refuseOrder', 'applyAbnormalOrder']);
    expect(abilitiesOf(orderMachine, 3, ctx({ actor: engineer }))).toEqual(['workerBespokeDate', 'startService', 'applyAbnormalOrder', 'employeeEdit']);
    expect(abilitiesOf(orderMachine, 3, ctx({ actor: ACTORS.copied }))).toEqual([]);
  });

  it('a new order starts at creation approval, acceptance or dispatch', () => {
    expect(initialOrderState(DEFAULT_ORDER_PROCESS)).toEqual({ state: 1, examineType: null });
    expect(initialOrderState({ ...DEFAULT_ORDER_PROCESS, acceptance: true })).toEqual({ state: 0, examineType: null });
    expect(initialOrderState({ ...DEFAULT_ORDER_PROCESS, acceptance: true, createApproval: true })).toEqual({ state: 7, examineType: 1 });
    expect(initialOrderState({ ...DEFAULT_ORDER_PROCESS, dispatch: false })).toEqual({ state: 3, examineType: null });
    expect(initialOrderState({ ...DEFAULT_ORDER_PROCESS, dispatch: false, acceptance: true })).toEqual({ state: 0, examineType: null });
  });

  it('the approval an action opens', () => {
    expect(examineOpened('applyEndService', DEFAULT_ORDER_PROCESS)).toBe(2);
    expect(examineOpened('receipt', DEFAULT_ORDER_PROCESS)).toBeNull();
    expect(examineOpened('receipt', { ...DEFAULT_ORDER_PROCESS, receiptApproval: true })).toBe(3);
    expect(examineOpened('collect', { ...DEFAULT_ORDER_PROCESS, collectionApproval: true })).toBe(4);
    expect(examineOpened('accept', { ...DEFAULT_ORDER_PROCESS, receiptApproval: true })).toBeNull();
  });
});
