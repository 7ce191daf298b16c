import { describe, expect, it } from 'vitest';
import { badgeText, groupName, targetOf } from './noticeGroups';

describe('notice groups', () => {
  it('names a kind’s category and where it opens', () => {
    expect(groupName('sla.event.warn')).toBe('超时预警');
    expect(groupName('spare_warning')).toBe('库存');
    // the kinds the approval engine writes (modules/approvals/engine.ts)
    expect(groupName('approval_todo')).toBe('审批');
    expect(groupName('approval_result')).toBe('审批');
    expect(groupName('announcement')).toBe('公告');
    expect(groupName('something_new')).toBe('其他');
    expect(targetOf({ kind: 'sla.warn', link: '/allOrder/orderDetail/3' })).toBe('/allOrder/orderDetail/3');
    expect(targetOf({ kind: 'digest_todo', link: null })).toBe('/guideOne');
    expect(targetOf({ kind: 'digest_stats', link: null })).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(120)).toBe('99+');
  });
});
