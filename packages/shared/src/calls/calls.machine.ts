import type { Machine } from '../common/machine';

/**
 * A call record: 1 振铃中 —answer→ 2 通话中 —end→ 3 已接通; 1 —end→ 4 未接 (a missed call: its call-back task opens with
 * the change). 3 and 4 are final.
 */
export type CallAction = 'answer' | 'end';
export const callRecordMachine: Machine<CallAction> = {
  name: 'call_record',
  actions: ['answer', 'end'],
  decide: (state, action) => {
    if (action === 'answer') return state === 1 ? { to: 2 } : { refuse: 'INVALID_STATE' };
    if (state === 1) return { to: 4 };
    if (state === 2) return { to: 3 };
    return { refuse: 'INVALID_STATE' };
  },
};

/** The call-back task of a missed call: 1 待回电 —done→ 2 已回电. */
export type CallbackAction = 'done';
export const callbackMachine: Machine<CallbackAction> = {
  name: 'call_callback',
  actions: ['done'],
  decide: (state) => (state === 1 ? { to: 2 } : state === 2 ? { refuse: 'CALLBACK_DONE' } : { refuse: 'INVALID_STATE' }),
};
