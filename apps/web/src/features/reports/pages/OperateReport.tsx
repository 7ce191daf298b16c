// 运营报表 (/operate/report): pick a standard report, its date axis, the rows' dimension, a period and
// filters; see the chart and the table, open any figure's orders, save the query (mine or shared), add it to the
// 8:30 digest, export it to the download centre.
import { ORDER_SOURCES } from '@sk/shared/orders/order.create.contract';
import { PRIORITY_LABELS } from '@sk/shared/common/labels';
import { REPORT_POINTS } from '@sk/shared/reports/reports.catalogue';
import type { ReportParams, SavedQuery } from '@sk/shared/reports/reports.contract';
import { Button, Card, Checkbox, Form, Input, Segmented, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateRangePicker } from '../../../components';
import { RecordFormDialog } from '../../../components/RecordFormDialog';
import { call } from '../../../lib/api';
import { labelOptions } from '../../../lib/options';
import { useApi, useApiMutation } from '../../../lib/query';
import { rulesOf } from '../../../lib/zodRules';
import { R, usePageView } from '../api';
import { ReportView } from '../ReportView';

const monthAgo = () => dayjs().subtract(29, 'day').format('YYYY-MM-DD 00:00:00');
const today = () => dayjs().format('YYYY-MM-DD 23:59:59');
const PARAM_KEYS = ['reportId', 'axis', 'dimension', 'startTime', 'endTime', 'orderType', 'serviceGroupId', 'servicePersonalId', 'priority', 'source'] as const;
const NUMERIC = new Set<string>(['orderType', 'serviceGroupId', 'servicePersonalId', 'priority', 'source']);

/** The page's parameters live in the URL, so going back from a figure's orders finds the same report. */
function paramsOf(search: URLSearchParams): ReportParams {
  const p: Record<string, unknown> = { reportId: 'orderVolume', axis: 'created', dimension: 'state', startTime: monthAgo(), endTime: today() };
  for (const k of PARAM_KEYS) {
    const v = search.get(k);
    if (v) p[k] = NUMERIC.has(k) ? Number(v) : v;
  }
  return p as ReportParams;
}
function searchOf(p: ReportParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of PARAM_KEYS) if (p[k] != null && p[k] !== '') out.set(k, String(p[k]));
  return out;
}

interface SaveForm {
  name: string;
  shared: boolean;
  inDigest: boolean;
}

export default function OperateReport() {
  usePageView(REPORT_POINTS.operateReport);
  const catalogue = useApi(R.catalogue);
  const [search, setSearch] = useSearchParams();
  const p = useMemo(() => paramsOf(search), [search]);
  const setP = (next: ReportParams) => setSearch(searchOf(next), { replace: true });
  const [saved, setSaved] = useState<SavedQuery | null>(null);
  const [saving, setSaving] = useState(false);
  const def = catalogue.data?.find((c) => c.id === p.reportId);
  const result = useApi(R.run, p, { enabled: !!def });
  const queries = useApi(R.queries, { pageIndex: 0, pageSize: 100 });
  const create = useApiMutation(R.queryCreate);
  const update = useApiMutation(R.queryUpdate);
  const remove = useApiMutation(R.queryDelete);

  const set = (patch: Partial<ReportParams>) => setP({ ...p, ...patch });
  /** A report keeps the axis and dimension it also has; otherwise its first. */
  const pickReport = (id: string) => {
    const d = catalogue.data?.find((c) => c.id === id);
    if (!d) return;
    set({
      reportId: id as ReportParams['reportId'],
      axis: (d.axes.some((a) => a.key === p.axis) ? p.axis : d.axes[0]?.key) as ReportParams['axis'],
      dimension: (d.dimensions.some((x) => x.key === p.dimension) ? p.dimension : d.dimensions[0]?.key) as ReportParams['dimension'],
    });
  };
  const queryOptions = useMemo(
    () => (queries.data?.list ?? []).map((q) => ({ value: q.id, label: q.mine ? q.name : `${q.name}（${q.ownerName}共享）` })),
    [queries.data],
  );

  const toolbar = (
    <Space wrap>
      <Select
        placeholder="我的查询"
        style={{ width: 200 }}
        allowClear
        value={saved?.id}
        options={queryOptions}
        aria-label="我的查询"
        onChange={(id?: number) => {
          const q = queries.data?.list.find((x) => x.id === id) ?? null;
          setSaved(q);
          if (q) setP(q.params);
        }}
      />
      <Button type="primary" onClick={() => setSaving(true)}>
        保存查询
      </Button>
      {saved?.mine && (
        <>
          <Button
            onClick={() => update.mutate({ id: saved.id, inDigest: !saved.inDigest }, { onSuccess: () => setSaved({ ...saved, inDigest: !saved.inDigest }) })}
          >
            {saved.inDigest ? '移出我的日报' : '加入我的日报'}
          </Button>
          <Button danger onClick={() => remove.mutate({ id: saved.id }, { onSuccess: () => setSaved(null) })}>
            删除查询
          </Button>
        </>
      )}
      <Button onClick={() => void call(R.export, { ...p, fileName: `${def?.name ?? '运营报表'}${dayjs().format('YYYY-MM-DD')}` }, { successToast: true })}>
        导出
      </Button>
    </Space>
  );

  return (
    <Card title="运营报表" size="small" extra={toolbar} styles={{ header: { flexWrap: 'wrap', gap: 8 } }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Select
            style={{ width: 200 }}
            value={p.reportId}
            aria-label="报表"
            options={(catalogue.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={pickReport}
          />
          <Segmented
            value={p.axis}
            aria-label="日期轴"
            options={(def?.axes ?? []).map((a) => ({ value: a.key, label: `按${a.label}` }))}
            onChange={(v) => set({ axis: v as ReportParams['axis'] })}
          />
          <DateRangePicker
            value={p.startTime && p.endTime ? [p.startTime, p.endTime] : null}
            allowClear={false}
            onChange={(v) => v && set({ startTime: v[0], endTime: v[1] })}
          />
        </Space>
        <Space wrap>
          <Select
            style={{ width: 160 }}
            value={p.dimension}
            aria-label="维度"
            options={(def?.dimensions ?? []).map((d) => ({ value: d.key, label: `按${d.label}` }))}
            onChange={(v) => set({ dimension: v })}
          />
          <Select
            style={{ width: 140 }}
            placeholder="优先级"
            allowClear
            value={p.priority ?? undefined}
            options={labelOptions(PRIORITY_LABELS)}
            onChange={(v?: number) => set({ priority: v })}
          />
          <Select
            style={{ width: 160 }}
            placeholder="工单来源"
            allowClear
            value={p.source ?? undefined}
            options={labelOptions(ORDER_SOURCES)}
            onChange={(v?: number) => set({ source: v })}
          />
        </Space>
        {def && <Typography.Text type="secondary">{def.description}</Typography.Text>}
        <ReportView result={result.data} loading={result.isLoading} />
      </Space>
      <RecordFormDialog<SaveForm>
        open={saving}
        title="保存查询"
        name="reportQuery"
        initialValues={{
          name: saved?.mine ? saved.name : (def?.name ?? ''),
          shared: saved?.mine ? saved.shared : false,
          inDigest: saved?.mine ? saved.inDigest : false,
        }}
        onClose={() => setSaving(false)}
        onSubmit={async (v) => {
          const body = { name: v.name, params: p, shared: !!v.shared, inDigest: !!v.inDigest };
          if (saved?.mine) {
            await update.mutateAsync({ id: saved.id, ...body });
            setSaved({ ...saved, ...body });
          } else {
            const r = await create.mutateAsync(body);
            setSaved({ id: r.id, ...body, mine: true, ownerName: '', updatedAt: '' });
          }
        }}
      >
        <Form.Item name="name" label="查询名称" rules={rulesOf(R.queryCreate.body.shape.name)}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="shared" valuePropName="checked">
          <Checkbox>共享给企业内其他人</Checkbox>
        </Form.Item>
        <Form.Item name="inDigest" valuePropName="checked">
          <Checkbox>加入我的日报（每天8:30的统计日报）</Checkbox>
        </Form.Item>
      </RecordFormDialog>
    </Card>
  );
}
