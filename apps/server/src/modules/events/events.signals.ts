import { defineSignal } from '../../platform/signals';

/** A new event, told in its creating transaction (a call's pop links its call record back: modules/calls). */
export interface EventCreated {
  enterpriseId: number;
  eventId: number;
  /** The call the event was made from (新建事件 on the call's pop), or null. */
  callRecordId: number | null;
  actorId: number;
}
export const eventCreated = defineSignal<EventCreated>('event created');
