import { describe, expect, it } from 'vitest';
import { POWER_LABELS, POWER_TREE, powersOfTree } from './power-labels';
import { ALL_POWERS, defaultPowersOfRole, overrideOf, powersOfRole, powersOfUser, ROLE_EDITOR_POWERS } from './powers';

describe('the role editor’s tree', () => {
  it('holds every power exactly once', () => {
    const seen = powersOfTree();
    expect(seen.length).toBe(new Set(seen).size);
    expect([...seen].sort()).toEqual([...ALL_POWERS].sort());
  });

  it('names every power in Chinese, never by its code', () => {
    for (const p of ALL_POWERS) {
      expect(POWER_LABELS[p], p).toMatch(/[\u4e00-\u9fa5]/);
      expect(POWER_LABELS[p]).not.toBe(p);
    }
    expect(POWER_LABELS.menu_AllCustomer).toBe('全部客户、销售合同、维保合同');
    expect(POWER_LABELS.menu_ApprovalProcessList).toBe('审批处理（服务商菜单）');
  });

  it('puts actions under the page they act on, and the settings group behind its own power', () => {
    const customers = POWER_TREE.find((g) => g.title === '客户');
    const all = customers?.nodes.find((n) => n.power === 'menu_AllCustomer');
    expect(all?.children.map((c) => c.power)).toEqual(expect.arrayContaining(['customer_add', 'customer_delete', 'contract_edit']));
    const settings = POWER_TREE.find((g) => g.title === '设置');
    expect(settings?.nodes[0]?.power).toBe('sh_system_setting');
    expect(settings?.nodes.map((n) => n.power)).toEqual(expect.arrayContaining(['menu_RolePower', 'menu_CustomMenu']));
  });
});

describe('a role’s powers with an enterprise’s edit', () => {
  it('applies added and removed codes to the defaults', () => {
    const o = { 1: { added: ['menu_CostCheck'], removed: ['menu_AssignOrder'] } };
    const p = powersOfRole(1, o);
    expect(p).toContain('menu_CostCheck');
    expect(p).not.toContain('menu_AssignOrder');
    expect(p).toContain('menu_AllOrder');
    // Other roles keep their defaults.
    expect(powersOfRole(2, o)).toEqual(defaultPowersOfRole(2));
  });

  it('ignores codes no longer known', () => {
    expect(powersOfRole(1, { 1: { added: ['gone_power'], removed: [] } })).not.toContain('gone_power');
  });

  it('round-trips a chosen set through its difference', () => {
    const want = ['menu_AllOrder', 'menu_CostCheck', 'data_export'];
    const o = overrideOf(1, want);
    expect(o.added).toEqual(['menu_CostCheck']);
    expect(powersOfRole(1, { 1: o }).sort()).toEqual([...want].sort());
    expect(overrideOf(1, defaultPowersOfRole(1))).toEqual({ added: [], removed: [] });
  });

  it('lets finance open 审批处理, where its approval to-dos for statements and fee claims lead', () => {
    expect(powersOfUser(8, false)).toContain('menu_ApprovalProcess');
  });

  it('still cuts an outsourced user to the provider side, whatever the edit gives his role', () => {
    const o = { 1: { added: ['menu_AllCustomer'], removed: [] } };
    expect(powersOfUser(1, false, o)).toContain('menu_AllCustomer');
    expect(powersOfUser(1, true, o)).not.toContain('menu_AllCustomer');
  });

  it('names the role editor among what the administrator keeps', () => {
    expect(ROLE_EDITOR_POWERS).toContain('menu_RolePower');
    for (const p of ROLE_EDITOR_POWERS) expect(ALL_POWERS).toContain(p);
  });
});
