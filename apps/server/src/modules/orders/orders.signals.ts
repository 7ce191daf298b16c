import { defineSignal } from '../../platform/signals';

/** An order taken from a call (新建工单 on the call's pop, belongCallRecordId), told in its creating transaction (modules/calls links the call). */
export interface OrderFromCall {
  enterpriseId: number;
  orderId: number;
  callRecordId: number;
  actorId: number;
}
export const orderFromCall = defineSignal<OrderFromCall>('order from call');
