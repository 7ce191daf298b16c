import type { EventRow } from '@sk/shared/events/events.contract';
import { EVENT_PRIORITIES, EVENT_STATES } from '@sk/shared/events/events.constants';
import type { EndpointDef } from '@sk/shared';
import { Form, Input, Select, Tag } from 'antd';
import type { Key, ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { contractFetcher, DateRangePicker, type ListColumn, ListPage, type ListPageHandle } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { formsContract } from '@sk/shared/forms/forms.contract';
import { type EventListKind, eventContract, eventPath, exportEvents, priorityLabel, stateOf } from '../api';
import { POWERS } from '@sk/shared/auth/powers';
import { useCan } from '../../../lib/session';
import { SlaMarkTag } from '../../sla';

const options = (o: Record<number, string | { label: string }>) =>
  Object.entries(o).map(([k, v]) => ({ value: Number(k), label: typeof v === 'string' ? v : v.label }));

/** The columns every event list shows; `actions` is the page's own. */
export function eventColumns(actions?: ListColumn<EventRow>): ListColumn<EventRow>[] {
  const cols: ListColumn<EventRow>[] = [
    { key: 'title', dataIndex: 'title', title: '事件标题', render: (v: string, r) => <Link to={eventPath(r.id)}>{v}</Link> },
    { key: 'eventNo', dataIndex: 'eventNo', title: '事件编号' },
    {
      key: 'state',
      dataIndex: 'state',
      title: '状态',
      render: (s: number, r) => (
        <>
          <Tag color={stateOf(s).color}>{stateOf(s).label}</Tag>
          <SlaMarkTag mark={r.slaMark} />
        </>
      ),
    },
    { key: 'priority', dataIndex: 'priority', title: '优先级', render: (p: number) => (p > 1 ? <Tag color="red">{priorityLabel(p)}</Tag> : priorityLabel(p)) },
    { key: 'customName', dataIndex: 'customName', title: '客户', render: (v: string | null) => v || '—' },
    {
      key: 'customLinkperson',
      dataIndex: 'customLinkperson',
      title: '联系人',
      render: (v: string | null, r) => [v, r.customPhone].filter(Boolean).join(' ') || '—',
    },
    { key: 'principalName', dataIndex: 'principalName', title: '负责人', render: (v: string | null) => v || '—' },
    { key: 'templateName', dataIndex: 'templateName', title: '事件模板' },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    { key: 'address', dataIndex: 'address', title: '地址', render: (v: string | null) => v || '—' },
    { key: 'creatorName', dataIndex: 'creatorName', title: '创建人', render: (v: string | null) => v || '—' },
    { key: 'tags', dataIndex: 'tags', title: '事件标签', render: (t: EventRow['tags']) => (t.length ? t.map((x) => <Tag key={x.id}>{x.name}</Tag>) : '—') },
  ];
  return actions ? [...cols, actions] : cols;
}

function TemplateSelect(props: { value?: number; onChange?: (v: number | undefined) => void }) {
  const t = useApi(formsContract.eventTempList, { pageIndex: 0, pageSize: 100 }, { call: { silent: true } });
  return <Select allowClear style={{ width: 160 }} options={(t.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))} {...props} />;
}

/** The filter panel: the event filters most used at the desk. */
function Filters({ states }: { states: boolean }) {
  return (
    <>
      {states ? (
        <Form.Item name="event_states" label="事件状态">
          <Select mode="multiple" allowClear style={{ width: 220 }} options={options(EVENT_STATES)} />
        </Form.Item>
      ) : null}
      <Form.Item name="custom_name" label="客户名称">
        <Input allowClear style={{ width: 160 }} />
      </Form.Item>
      <Form.Item name="custom_linkperson" label="联系人">
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      <Form.Item name="custom_phone" label="联系电话">
        <Input allowClear style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="custom_detail_addr" label="详细地址">
        <Input allowClear style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="fk_t_ep_event_tmpl_id" label="事件模板">
        <TemplateSelect />
      </Form.Item>
      <Form.Item name="priority" label="优先级">
        <Select allowClear style={{ width: 120 }} options={options(EVENT_PRIORITIES)} />
      </Form.Item>
      <Form.Item name="create" label="创建时间">
        <DateRangePicker />
      </Form.Item>
    </>
  );
}

const mapFilters = (v: Record<string, unknown>) => {
  const { create, event_states, ...rest } = v;
  const range = Array.isArray(create) ? (create as string[]) : [];
  return {
    ...rest,
    event_states: Array.isArray(event_states) && event_states.length ? event_states.join(',') : undefined,
    start_create_time: range[0] || undefined,
    end_create_time: range[1] || undefined,
  };
};

export interface EventListProps {
  title: string;
  /** Which list the export re-runs. */
  list: EventListKind;
  endpoint: EndpointDef;
  params?: Record<string, unknown>;
  actions?: ListColumn<EventRow>;
  toolbar?: ReactNode;
  /** Staff may delete events (DELETE /v2/event/del). */
  deletable?: boolean;
  states?: boolean;
  ref?: Ref<ListPageHandle>;
}

/** An event list on the one ListPage: columns, filters, phone cards and batch delete. */
export function EventList({ title, list, endpoint, params, actions, toolbar, deletable, states = true, ref }: EventListProps) {
  const can = useCan();
  return (
    <ListPage<EventRow>
      ref={ref}
      title={title}
      columns={eventColumns(actions)}
      defaultColumns={['title', 'eventNo', 'state', 'priority', 'customName', 'customLinkperson', 'principalName', 'create_time', 'actions']}
      fetch={contractFetcher<EventRow>(endpoint)}
      params={params}
      keywordPlaceholder="请输入事件标题、编号或客户"
      filters={<Filters states={states} />}
      mapFilters={mapFilters}
      toolbar={toolbar}
      phoneCard={['title', 'state', 'customName', 'principalName', 'create_time', ...(actions ? ['actions'] : [])]}
      selectable
      onExport={can(POWERS.export) ? ({ fileName, ids, query }) => exportEvents(list, fileName, ids.map(Number), { ...query, ...params }) : undefined}
      onDelete={deletable ? (ids: Key[]) => call(eventContract.del, { ids: ids.map(Number) }, { successToast: true }) : undefined}
    />
  );
}
