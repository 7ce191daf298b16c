// Saved search plans of a list (/search/plan/*): a user saves the current filters under a name,
// picks one as the page's default (applied when the page opens), and applies or deletes plans later.
import { DeleteOutlined, SaveOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { preferencesContract as P, type SearchPlan } from '@sk/shared/forms/preferences.contract';
import { Button, Checkbox, Dropdown, Empty, Form, type FormInstance, Input, Modal, Space, Spin, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { call } from '../../lib/api';
import { rulesOf } from '../../lib/zodRules';
import { RecordFormDialog } from '../RecordFormDialog';
import { apiKey, queryClient, useApi } from '../../lib/query';
import { planDefaultQuery } from './planDefault';

/** A plan's conditions: the filter panel's values plus the keyword. */
export type PlanConditions = Record<string, unknown>;

/** Plans are kept per page: the list's route key, when the contract accepts it as one. */
export const planKeyOf = (routeKey: string): string | null => (/^[\w/\-|.:]+$/.test(routeKey) && routeKey.length <= 100 ? routeKey : null);

/** What a plan can hold: plain JSON (dates as the pickers' text), empty values left out. */
export function planConditions(values: Record<string, unknown>, keyword: string | undefined): PlanConditions {
  const plain = JSON.parse(JSON.stringify({ ...values, keyword: keyword || undefined })) as PlanConditions;
  return Object.fromEntries(Object.entries(plain).filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)));
}

const refreshPlans = async () => {
  for (const ep of [P.planList, P.planDefault, P.planCount]) await queryClient.invalidateQueries({ queryKey: apiKey(ep) });
};

/**
 * Waits for the page's default plan before the list's first request, so a page with a default plan opens
 * filtered in one request. A failed lookup opens the page unfiltered.
 */
export function PlanGate({ pageKey, children }: { pageKey: string; children: (start: SearchPlan | null) => ReactNode }) {
  const q = useQuery(planDefaultQuery(pageKey));
  // the list reads its start once: later changes of the default do not refilter an open page
  if (q.isPending) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <>{children(q.data ?? null)}</>;
}

function SaveDialog({ onCancel, onSave }: { onCancel: () => void; onSave: (name: string, isDefault: boolean) => Promise<void> }) {
  return (
    <RecordFormDialog<{ name: string; isDefault: boolean }>
      open
      title="保存搜索方案"
      name="skSearchPlanForm"
      initialValues={{ name: '', isDefault: false }}
      onSubmit={(v) => onSave(v.name.trim(), !!v.isDefault)}
      onClose={onCancel}
    >
      <Form.Item name="name" label="方案名称" rules={rulesOf(P.planSave.body.shape.name)}>
        <Input maxLength={20} placeholder="如：本月待处理" autoFocus />
      </Form.Item>
      <Form.Item name="isDefault" valuePropName="checked">
        <Checkbox>设为默认方案（打开页面时自动使用）</Checkbox>
      </Form.Item>
    </RecordFormDialog>
  );
}

export interface SearchPlansProps {
  pageKey: string;
  /** The plan in use (applied from the menu or as the default), if any. */
  active: SearchPlan | null;
  /** The filters now on the page (panel values and keyword). */
  current: () => PlanConditions;
  onApply: (plan: SearchPlan) => void;
}

/** The 搜索方案 menu of a list toolbar: apply a plan, save the current filters, set or clear the default, delete. */
export function SearchPlans({ pageKey, active, current, onApply }: SearchPlansProps) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [modal, modalHolder] = Modal.useModal();
  const list = useApi(P.planList, { pageKey }, { enabled: open, call: { silent: true } });
  const plans = list.data ?? [];

  const save = async (name: string, isDefault: boolean) => {
    const conditions = current();
    const { id } = await call(P.planSave, { pageKey, name, conditions, isDefault }, { successToast: true });
    await refreshPlans();
    onApply({ id, pageKey, name, conditions, isDefault, createTime: '', updateTime: '' });
  };
  const setDefault = async (plan: SearchPlan) => {
    await call(P.planSetDefault, { pageKey, id: plan.isDefault ? null : plan.id }, { successToast: true }).catch(() => {});
    await refreshPlans();
  };
  const remove = (plan: SearchPlan) => {
    setOpen(false);
    modal.confirm({
      title: `删除搜索方案“${plan.name}”？`,
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await call(P.planDelete, { id: plan.id }, { successToast: true });
        await refreshPlans();
      },
    });
  };

  const panel = (
    <div className="ant-dropdown-menu" style={{ width: 300, padding: 8 }} data-testid="search-plans">
      {list.isPending ? (
        <Spin size="small" style={{ display: 'block', margin: 12 }} />
      ) : plans.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有保存的方案" />
      ) : (
        plans.map((p) => (
          <div key={p.id} role="menuitem" tabIndex={-1} style={{ display: 'flex', alignItems: 'center', gap: 4 }} data-plan={p.name}>
            <Button
              type="text"
              autoInsertSpace={false}
              style={{ flex: 1, textAlign: 'left', justifyContent: 'flex-start', fontWeight: active?.id === p.id ? 600 : undefined }}
              onClick={() => {
                setOpen(false);
                onApply(p);
              }}
            >
              {p.name}
            </Button>
            <Tooltip title={p.isDefault ? '取消默认' : '设为默认'}>
              <Button
                type="text"
                size="small"
                aria-label={p.isDefault ? `取消默认${p.name}` : `设为默认${p.name}`}
                icon={p.isDefault ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                onClick={() => setDefault(p)}
              />
            </Tooltip>
            <Tooltip title="删除">
              <Button type="text" size="small" danger aria-label={`删除方案${p.name}`} icon={<DeleteOutlined />} onClick={() => remove(p)} />
            </Tooltip>
          </div>
        ))
      )}
      <div style={{ borderTop: '1px solid rgba(5,5,5,0.06)', marginTop: 8, paddingTop: 8 }}>
        <Button
          block
          icon={<SaveOutlined />}
          onClick={() => {
            setOpen(false);
            setSaving(true);
          }}
        >
          保存当前筛选为方案
        </Button>
      </div>
    </div>
  );

  return (
    <>
      {modalHolder}
      <Dropdown open={open} onOpenChange={setOpen} trigger={['click']} popupRender={() => panel}>
        <Button aria-label="搜索方案">
          <Space size={4}>
            <span>搜索方案</span>
            {active ? (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 120 }} data-testid="active-plan">
                ：{active.name}
              </Typography.Text>
            ) : null}
          </Space>
        </Button>
      </Dropdown>
      {saving ? <SaveDialog onCancel={() => setSaving(false)} onSave={save} /> : null}
    </>
  );
}

interface ListControls {
  update: (patch: Record<string, unknown>) => void;
  setFilters: (filters: Record<string, unknown>) => void;
  query: { keyword?: string };
}

/** A plan's conditions as the list's starting query. */
export function planQuery(plan: SearchPlan, mapFilters?: (v: Record<string, unknown>) => Record<string, unknown>): Record<string, unknown> {
  const { keyword, ...values } = plan.conditions;
  return { ...(mapFilters ? mapFilters(values) : values), keyword: typeof keyword === 'string' ? keyword : undefined };
}

/**
 * ListPage's side of the plans: the toolbar menu, applying a plan to the filter panel and the query, and the
 * start plan (the default) put into the panel once it is mounted.
 */
export function useListPlans(o: {
  pageKey: string | null;
  start: SearchPlan | null;
  form: FormInstance;
  list: ListControls;
  mapFilters?: (v: Record<string, unknown>) => Record<string, unknown>;
  onApplied?: () => void;
}) {
  const [active, setActive] = useState<SearchPlan | null>(o.start);
  const { form, start } = o;
  useEffect(() => {
    if (!start) return;
    const { keyword: _k, ...values } = start.conditions;
    form.setFieldsValue(values);
  }, [form, start]);

  const apply = (plan: SearchPlan) => {
    const { keyword, ...values } = plan.conditions;
    o.form.resetFields();
    o.form.setFieldsValue(values);
    o.list.setFilters(o.mapFilters ? o.mapFilters(values) : values);
    o.list.update({ keyword: typeof keyword === 'string' ? keyword : undefined });
    setActive(plan);
    o.onApplied?.();
  };
  const control = o.pageKey ? (
    <SearchPlans pageKey={o.pageKey} active={active} current={() => planConditions(o.form.getFieldsValue(true), o.list.query.keyword)} onApply={apply} />
  ) : null;
  return { control, clear: () => setActive(null) };
}
