import { formsContract } from '@sk/shared/forms/forms.contract';
import { teamContract } from '@sk/shared/org/team.contract';
import { ORDER_SOURCES } from '@sk/shared/orders/order.create.contract';
import { EXAMINE_RESULTS, EXAMINE_TYPES, ORDER_PRIORITIES, ORDER_STATES, PLACE_STATES } from '@sk/shared/orders/orders.constants';
import { tagsContract } from '@sk/shared/tags/tags.contract';
import { Form, Input, Select } from 'antd';
import { DateRangePicker, FilterSelect, type Person, PersonField } from '../../../components';
import { useApi } from '../../../lib/query';

/** Order tags are tag code 3. */
const ORDER_TAG = 3;

const optionsOf = (t: Record<number, string | { label: string }>) =>
  Object.entries(t).map(([k, v]) => ({ value: Number(k), label: typeof v === 'string' ? v : v.label }));
const yesNo = (no: string, yes: string) => [
  { value: 0, label: no },
  { value: 1, label: yes },
];

/** Person filters: form field → query field, with the picker's role. */
const PEOPLE: [field: string, query: string, label: string, role?: number][] = [
  ['servicePerson', 'servicePersonalId', '服务人员', 2],
  ['coordinationUser', 'coordinationUserId', '协作人员', 2],
  ['dispatchUser', 'dispatchUserId', '派单人', 1],
  ['takeOrderUser', 'take_order_user_id', '接单人', 2],
  ['takeUser', 'take_user_id', '受理人'],
  ['createExaminer', 'create_examine_operator_id', '创建审核人'],
  ['completeExaminer', 'complete_examine_operator_id', '完成审核人'],
  ['duplicateUser', 'duplicateUserId', '抄送人'],
];

/** Time-range filters: form field → [start, end] query fields. */
const RANGES: [field: string, start: string, end: string, label: string][] = [
  ['created', 'startCreateTime', 'endCreateTime', '创建时间'],
  ['apply', 'startApplyTime', 'endApplyTime', '预约时间'],
  ['finish', 'startFinishTime', 'endFinishTime', '完成时间'],
  ['dispatch', 'startDispatchTime', 'endDispatchTime', '派单时间'],
  ['take', 'takeStart', 'takeEnd', '接单时间'],
  ['createExamine', 'startCreateExamineTime', 'endCreateExamineTime', '创建审核时间'],
  ['completeExamine', 'startCompleteExamineTime', 'endCompleteExamineTime', '完成审核时间'],
  ['receiptExamine', 'startReceiptExamineTime', 'endReceiptExamineTime', '回执审核时间'],
  ['collectionExamine', 'startCollectionExamineTime', 'endCollectionExamineTime', '收款审核时间'],
];

/** The filter panel's values as the list's query (the work-order filters). */
export function orderFilterQuery(v: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const used = new Set<string>();
  for (const [field, query] of PEOPLE) {
    used.add(field);
    out[query] = (v[field] as Person[] | undefined)?.[0]?.id;
  }
  for (const [field, start, end] of RANGES) {
    used.add(field);
    const r = v[field] as [string, string] | null | undefined;
    out[start] = r?.[0];
    out[end] = r?.[1];
  }
  for (const [k, value] of Object.entries(v)) {
    if (used.has(k)) continue;
    out[k] = Array.isArray(value) ? (value.length ? value.join(',') : undefined) : value;
  }
  return out;
}

/**
 * The panel's values for a starting query (a report's drill-down link): start/end fields become their range picker, so
 * the panel shows the period and keeps it when another filter is added.
 */
export function orderFilterValues(q: Record<string, unknown>): Record<string, unknown> {
  const out = { ...q };
  // A person's id (服务人员 of a report row) becomes the picker's choice; its name is unknown here (shown by id).
  for (const [field, query] of PEOPLE) {
    const id = Number(q[query]);
    if (q[query] == null || !Number.isInteger(id)) continue;
    out[field] = [{ id, name: '', mobile: '', department_name: null } satisfies Person];
    delete out[query];
  }
  for (const [field, start, end] of RANGES) {
    if (q[start] == null && q[end] == null) continue;
    out[field] = [q[start] ?? null, q[end] ?? null];
    delete out[start];
    delete out[end];
  }
  return out;
}

/** The panel's own fields (OrderFilters' names), besides PEOPLE and RANGES. */
const PANEL_FIELDS = [
  'title',
  'states',
  'customName',
  'customLinkPerson',
  'customPhone',
  'gpsAddr',
  'orderType',
  'priority',
  'source',
  'serviceGroupId',
  'order_label',
  'isCreateReceipt',
  'isServiceSettlement',
  'evaluateState',
  'orderExceed',
  'placeState',
  'examineType',
  'examineResult',
];

/** Whether the filter panel shows (and so submits) a query field; `states` only when the panel offers the state filter. */
export function panelOwns(key: string, states = true): boolean {
  if (key === 'states') return states;
  return PANEL_FIELDS.includes(key) || PEOPLE.some(([, q]) => q === key) || RANGES.some(([, a, b]) => a === key || b === key);
}

/**
 * The panel's query for a list that started from `initial` (a drill-down's URL): the panel's values, plus the starting
 * filters the panel has no field for (客户, a state list …), which a submit would otherwise drop.
 */
export function orderPanelQuery(initial: Record<string, unknown>, states = true): (v: Record<string, unknown>) => Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(initial).filter(([k]) => k !== 'keyword' && !panelOwns(k, states)));
  return (v) => ({ ...kept, ...orderFilterQuery(v) });
}

const narrow = { width: 160 };

/** Every work-order filter the list page offers (the panel under 筛选). */
export function OrderFilters({ states = true }: { states?: boolean }) {
  const types = useApi(formsContract.orderTypeList);
  const groups = useApi(teamContract.groupSimpleList);
  const tags = useApi(tagsContract.list, { code: ORDER_TAG });
  return (
    <>
      <Form.Item name="title" label="标题">
        <Input allowClear placeholder="标题" style={narrow} />
      </Form.Item>
      {states ? (
        <Form.Item name="states" label="工单状态">
          <Select mode="multiple" allowClear placeholder="全部" style={{ minWidth: 160 }} options={optionsOf(ORDER_STATES)} aria-label="工单状态筛选" />
        </Form.Item>
      ) : null}
      <Form.Item name="customName" label="客户名称">
        <Input allowClear placeholder="客户名称" style={narrow} />
      </Form.Item>
      <Form.Item name="customLinkPerson" label="联系人">
        <Input allowClear placeholder="联系人" style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="customPhone" label="联系电话">
        <Input allowClear placeholder="电话开头" style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="gpsAddr" label="服务地址">
        <Input allowClear placeholder="地址" style={narrow} />
      </Form.Item>
      <Form.Item name="orderType" label="工单类型">
        <Select
          mode="multiple"
          allowClear
          placeholder="全部"
          style={{ minWidth: 160 }}
          options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          aria-label="工单类型筛选"
        />
      </Form.Item>
      <FilterSelect name="priority" label="优先级" width={120} options={optionsOf(ORDER_PRIORITIES)} />
      <FilterSelect name="source" label="工单来源" width={narrow.width} options={optionsOf(ORDER_SOURCES)} />
      <FilterSelect name="serviceGroupId" label="服务团队" width={narrow.width} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
      <Form.Item name="order_label" label="工单标签">
        <Select
          mode="multiple"
          allowClear
          placeholder="全部"
          style={{ minWidth: 160 }}
          options={(tags.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          aria-label="工单标签筛选"
        />
      </Form.Item>
      {PEOPLE.map(([field, , label, role]) => (
        <Form.Item key={field} name={field} label={label}>
          <PersonField role={role} placeholder={`选择${label}`} />
        </Form.Item>
      ))}
      {RANGES.map(([field, , , label]) => (
        <Form.Item key={field} name={field} label={label}>
          <DateRangePicker />
        </Form.Item>
      ))}
      <Form.Item name="isCreateReceipt" label="回执">
        <Select allowClear placeholder="全部" style={{ width: 110 }} options={yesNo('未回执', '已回执')} />
      </Form.Item>
      <Form.Item name="isServiceSettlement" label="收款">
        <Select allowClear placeholder="全部" style={{ width: 110 }} options={yesNo('未收款', '已收款')} />
      </Form.Item>
      <Form.Item name="evaluateState" label="评价">
        <Select allowClear placeholder="全部" style={{ width: 110 }} options={yesNo('未评价', '已评价')} />
      </Form.Item>
      <FilterSelect name="orderExceed" label="超时" width={110} options={yesNo('未超时', '已超时')} />
      <Form.Item name="placeState" label="归档">
        <Select allowClear placeholder="全部" style={{ width: 110 }} options={optionsOf(PLACE_STATES)} />
      </Form.Item>
      <FilterSelect name="examineType" label="审核类型" width={130} options={optionsOf(EXAMINE_TYPES)} />
      <Form.Item name="examineResult" label="审核结果">
        <Select allowClear placeholder="全部" style={{ width: 130 }} options={optionsOf(EXAMINE_RESULTS)} />
      </Form.Item>
    </>
  );
}
