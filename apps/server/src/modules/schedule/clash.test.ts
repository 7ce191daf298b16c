import { orderActionsContract as A, scheduleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { logsOf, orderIn, orderRow, type Team, withTeamApp } from '../orders/actions.fixtures';

/** Every path that books a visit answers the board's clash rule (clash.ts). */

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const DAY = '2030-04-08';
const at = (hhmm: string) => `${DAY} ${hhmm}:00+08`;
const time = (hhmm: string) => `${DAY} ${hhmm}:00`;
const clashAt = (hhmm: string) => new RegExp(`^该服务人员在${DAY} ${hhmm}已有预约（工单\\w+），请选择其他时间$`);

async function unchanged(id: number, before: Record<string, unknown>) {
  const now = await orderRow(t, tm.ep, id);
  expect({ version: now.version, service_user_id: now.service_user_id, appointment_at: now.appointment_at }).toEqual({
    version: before.version,
    service_user_id: before.service_user_id,
    appointment_at: before.appointment_at,
  });
}

describe('the clash rule on every booking path', () => {
  it('keepDate by the desk: refused over another visit of the engineer, allowed beside it', async () => {
    await orderIn(t, tm, 3, { appointment_at: at('09:00') });
    const mine = await orderIn(t, tm, 2);
    const before = await orderRow(t, tm.ep, mine);
    const clash = await tm.dispatcher.client.send(A.keepDate, { orderId: mine, bespokeTime: time('09:30') });
    expect(clash).toMatchObject({ success: false, code: 'SCHEDULE_CLASH', message: expect.stringMatching(clashAt('09:30')) });
    await unchanged(mine, before);
    expect(await logsOf(t, tm.ep, mine)).toEqual([]);
    expect((await tm.dispatcher.client.send(A.keepDate, { orderId: mine, bespokeTime: time('10:00') })).success).toBe(true);
    // Moving its own time over itself is no clash.
    expect((await tm.dispatcher.client.send(A.keepDate, { orderId: mine, bespokeTime: time('10:15') })).success).toBe(true);
  });

  it('workerBespokeDate by the engineer: the same rule and message', async () => {
    await orderIn(t, tm, 3, { appointment_at: at('14:00') });
    const mine = await orderIn(t, tm, 3);
    const before = await orderRow(t, tm.ep, mine);
    const clash = await tm.engineer.client.send(A.workerBespokeDate, { orderId: mine, bespokeTime: time('13:30') });
    expect(clash).toMatchObject({ success: false, code: 'SCHEDULE_CLASH', message: expect.stringMatching(clashAt('13:30')) });
    await unchanged(mine, before);
    expect((await tm.engineer.client.send(A.workerBespokeDate, { orderId: mine, bespokeTime: time('15:00') })).success).toBe(true);
  });

  it('dispatching an order that already has a time to an engineer busy then is refused; to a free one it passes', async () => {
    await orderIn(t, tm, 3, { appointment_at: at('17:00') });
    const waiting = await orderIn(t, tm, 1, { appointment_at: at('17:20') });
    const before = await orderRow(t, tm.ep, waiting);
    const clash = await tm.dispatcher.client.send(A.dispatch, { orderId: waiting, serviceUserId: tm.engineer.id });
    expect(clash).toMatchObject({ success: false, code: 'SCHEDULE_CLASH', message: expect.stringMatching(clashAt('17:20')) });
    await unchanged(waiting, before);
    expect((await tm.dispatcher.client.send(A.dispatch, { orderId: waiting, serviceUserId: tm.engineer2.id })).success).toBe(true);
    // The board moving it onto the busy engineer at another hour checks the new hour, not the old one.
    const moved = await tm.dispatcher.client.send(C.book, { orderId: waiting, serviceUserId: tm.engineer.id, bespokeTime: time('19:00') });
    expect(moved).toMatchObject({ success: true });
    expect(await orderRow(t, tm.ep, waiting)).toMatchObject({ service_user_id: tm.engineer.id });
  });

  it('the board and keepDate racing for one engineer’s hour: exactly one wins, the rest clash and change nothing', async () => {
    const N = 10;
    const board: number[] = [];
    const desk: number[] = [];
    for (let i = 0; i < N / 2; i++) board.push(await orderIn(t, tm, 1));
    // Already the engineer's orders, waiting for a time.
    for (let i = 0; i < N / 2; i++) desk.push(await orderIn(t, tm, 2, { service_user_id: tm.engineer2.id }));
    const answers = await race(N, (i) =>
      i % 2 === 0
        ? tm.dispatcher.client.send(C.book, { orderId: board[i / 2] as number, serviceUserId: tm.engineer2.id, bespokeTime: time('21:00') })
        : tm.dispatcher.client.send(A.keepDate, { orderId: desk[(i - 1) / 2] as number, bespokeTime: time('21:00') }),
    );
    expect(tally(answers).ok).toBe(1);
    expect(answers.filter((a) => !a.success).every((a) => a.code === 'SCHEDULE_CLASH' && clashAt('21:00').test(a.message))).toBe(true);
    const ids = [...board, ...desk];
    const booked = await rows(
      t.deps.db,
      sql`select id from orders where enterprise_id = ${tm.ep} and id = any(${`{${ids.join(',')}}`}::bigint[]) and appointment_at is not null`,
    );
    expect(booked).toHaveLength(1);
    const logged = await rows(
      t.deps.db,
      sql`select order_id from order_logs where enterprise_id = ${tm.ep} and order_id = any(${`{${ids.join(',')}}`}::bigint[]) and action = 'keepDate'`,
    );
    expect(logged).toHaveLength(1);
  });
});
