import { ORDER_PRIORITIES, SERVICE_LEVELS } from '@sk/shared/orders/orders.constants';
import { ORDER_SOURCES, saleChannelsOf } from '@sk/shared/orders/order.create.contract';
import { teamContract } from '@sk/shared/org/team.contract';
import { tagsContract } from '@sk/shared/tags/tags.contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { labelOptions } from '../../../lib/options';
import { useApi } from '../../../lib/query';
import { useSessionUser } from '../../../lib/session';

type Option = { value: number; label: string };

export const PRIORITY_OPTIONS = labelOptions(ORDER_PRIORITIES);
export const SERVICE_LEVEL_OPTIONS = labelOptions(SERVICE_LEVELS);
// 3 客户门户报修 and 4 扫码报修 are the portal's own (docs/portal.md): staff do not pick them.
export const SOURCE_OPTIONS = labelOptions(ORDER_SOURCES).filter((o) => o.value < 3);

/** The sale channels this user may pick (the three fixed ones, filtered by the session's sale_channels). */
export function useSaleChannels(): Option[] {
  const user = useSessionUser();
  return useMemo(() => saleChannelsOf(user?.sale_channels).map((c) => ({ value: c.id, label: c.name })), [user?.sale_channels]);
}

/** One coded value (priority, level, source, channel) out of a short list. */
export function CodeSelect(p: { id?: string; label: string; value: unknown; options: Option[]; onChange: (v: number | null) => void; allowClear?: boolean }) {
  return (
    <Select<number>
      id={p.id}
      allowClear={p.allowClear ?? true}
      value={typeof p.value === 'number' ? p.value : undefined}
      options={p.options}
      placeholder={`请选择${p.label}`}
      onChange={(v) => p.onChange(v ?? null)}
      aria-label={p.label}
    />
  );
}

/** 服务团队 (/servicegroup/simplelist). */
export function GroupSelect(p: { id?: string; value: unknown; onChange: (v: number | null) => void }) {
  const groups = useApi(teamContract.groupSimpleList, undefined, { call: { silent: true } });
  return (
    <Select<number>
      id={p.id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={typeof p.value === 'number' ? p.value : undefined}
      options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))}
      placeholder="请选择服务团队"
      onChange={(v) => p.onChange(v ?? null)}
      aria-label="服务团队"
    />
  );
}

/** 工单标签: order tags (tag code 3). */
export function LabelSelect(p: { id?: string; value: unknown; onChange: (v: number[]) => void }) {
  const tags = useApi(tagsContract.list, { code: 3 }, { call: { silent: true } });
  return (
    <Select<number[]>
      id={p.id}
      mode="multiple"
      allowClear
      value={Array.isArray(p.value) ? (p.value as number[]) : []}
      options={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
      placeholder="请选择工单标签"
      onChange={(v) => p.onChange(v)}
      aria-label="工单标签"
    />
  );
}
