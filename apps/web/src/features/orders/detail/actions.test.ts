import { ORDER_ACTIONS, type OrderAction } from '@sk/shared/orders/order.machine';
import { describe, expect, it } from 'vitest';
import { ACTION_BUTTONS, buttonsFor } from './actions';

const keys = (a: OrderAction[]) => buttonsFor(a).map((b) => `${b.button.key}:${b.ability}`);

describe('ability buttons', () => {
  it('shows only what the abilities allow, one button for each pair of twin actions', () => {
    expect(keys([])).toEqual([]);
    expect(keys(['accept', 'refuseOrder', 'applyAbnormalOrder'])).toEqual(['accept:accept', 'refuseOrder:refuseOrder', 'abnormal:applyAbnormalOrder']);
    // the staff cancel wins over the creator's own when both are allowed
    expect(keys(['keepDate', 'dispatch', 'cancel', 'employeeCancel', 'edit', 'delete'])).toEqual([
      'dispatch:dispatch',
      'keepDate:keepDate',
      'edit:edit',
      'cancel:cancel',
      'delete:delete',
    ]);
    expect(keys(['employeeCancel'])).toEqual(['cancel:employeeCancel']);
    expect(keys(['applyEndService'])).toEqual(['complete:applyEndService']);
    expect(keys(['reject'])).toEqual(['examine:reject']);
  });

  it('has a button for every action with an endpoint; grabbing from the pool belongs to the dispatch issue', () => {
    const covered = new Set(ACTION_BUTTONS.flatMap((b) => b.when));
    expect(ORDER_ACTIONS.filter((a) => !covered.has(a))).toEqual(['grab', 'revokeGrab']);
  });
});

describe('the detail route', () => {
  it('opens for every role with an order page (the engineer through 我的工单), not for the warehouse keeper', async () => {
    const { layoutRoutes, routeAllows } = await import('../../../app/routes');
    const { powersOfRole } = await import('@sk/shared/auth/powers');
    const route = layoutRoutes().find((r) => r.path === '/allOrder/orderDetail/:orderId');
    expect(route?.title).toBe('工单详情');
    for (const role of [1, 2, 3, 4, 5, 6, 7, 8, 10]) expect(routeAllows(powersOfRole(role), route!), `role ${role}`).toBe(true);
    expect(routeAllows(powersOfRole(9), route!)).toBe(false);
  });
});
