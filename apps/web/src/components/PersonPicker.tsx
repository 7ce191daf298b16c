import { countText, orgContract, type PickerRow, reachableRows, roleName } from '@sk/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../lib/api';
import { EmptyState } from './EmptyState';
import { toast } from './toast';

export type Person = PickerRow;
export interface PersonQuery {
  keyword?: string;
  role?: number;
  pageIndex: number;
  pageSize: number;
}
export type PersonFetcher = (q: PersonQuery) => Promise<{ list: Person[]; count: number }>;

export const PICKER_PAGE_SIZE = 10;
export const PICK_NONE = '请选择人员';

const byRoleUserList: PersonFetcher = (q) => call(orgContract.roleUserList, q);

export interface PersonPickerProps {
  open: boolean;
  onCancel: () => void;
  /** The chosen people (one in single mode). */
  onOk: (people: Person[]) => void;
  multiple?: boolean;
  /** Only users holding this role (PICKER_ROLES: service person 2, dispatcher 1, salesperson 5, return visitor 7). */
  role?: number;
  title?: string;
  /** Already chosen people, checked when the dialog opens. */
  value?: Person[];
  /** Where rows come from; defaults to GET /user/roleUserList. */
  fetcher?: PersonFetcher;
}

const COLUMNS = [
  { key: 'name', dataIndex: 'name', title: '姓名' },
  { key: 'mobile', dataIndex: 'mobile', title: '手机号' },
  { key: 'department_name', dataIndex: 'department_name', title: '部门', render: (v: string | null) => v ?? '' },
];

/** The person picker dialog: search by name or phone, single or multi select, 确定 / 取消 / 重置. */
export function PersonPicker(props: PersonPickerProps) {
  const { open, onCancel, role, title } = props;
  return (
    <Modal open={open} title={title ?? (role ? `选择${roleName(role)}` : '选择人员')} width={720} onCancel={onCancel} footer={null} destroyOnHidden>
      <PickerBody {...props} />
    </Modal>
  );
}

// Mounted afresh on every open (destroyOnHidden), so the starting state comes straight from the props.
function PickerBody({ onCancel, onOk, multiple = false, role, value, fetcher = byRoleUserList }: PersonPickerProps) {
  const first: PersonQuery = { role, pageIndex: 0, pageSize: PICKER_PAGE_SIZE };
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState<PersonQuery>(first);
  const [chosen, setChosen] = useState<Person[]>(() => (multiple ? (value ?? []) : (value ?? []).slice(0, 1)));

  const result = useQuery({ queryKey: ['personPicker', query], queryFn: () => fetcher(query), staleTime: 0 });

  const pick = (p: Person, on: boolean) => {
    if (!multiple) return setChosen(on ? [p] : []);
    setChosen((c) => (on ? [...c.filter((x) => x.id !== p.id), p] : c.filter((x) => x.id !== p.id)));
  };
  const confirm = () => {
    if (!chosen.length) return toast.warning(PICK_NONE);
    onOk(multiple ? chosen : chosen.slice(0, 1));
  };
  const reset = () => {
    setDraft('');
    setChosen([]);
    setQuery(first);
  };

  return (
    <>
      <Input.Search
        allowClear
        placeholder="请输入姓名或手机号"
        aria-label="姓名或手机号"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onSearch={(v) => setQuery((q) => ({ ...q, keyword: v.trim() || undefined, pageIndex: 0 }))}
        style={{ marginBottom: 12 }}
      />
      {multiple && chosen.length ? (
        <div style={{ marginBottom: 12 }} data-testid="picker-chosen">
          已选：
          {chosen.map((p) => (
            <Tag key={p.id} closable onClose={() => pick(p, false)}>
              {p.name}
            </Tag>
          ))}
        </div>
      ) : null}
      <Table<Person>
        rowKey="id"
        size="small"
        columns={COLUMNS}
        dataSource={result.data?.list ?? []}
        loading={result.isFetching}
        locale={{ emptyText: <EmptyState /> }}
        onRow={(p) => ({
          // a click anywhere on the row picks it; the checkbox cell handles its own clicks
          onClick: (e) => {
            if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
            pick(p, multiple ? !chosen.some((c) => c.id === p.id) : true);
          },
          style: { cursor: 'pointer' },
        })}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: chosen.map((p) => p.id),
          preserveSelectedRowKeys: true,
          // keys may include people picked under another search: find them among the earlier picks
          onChange: (keys, rows) => {
            const known = new Map([...chosen, ...rows.filter(Boolean)].map((p) => [p.id, p]));
            setChosen(keys.map((k) => known.get(Number(k))).filter((p): p is Person => !!p));
          },
        }}
        pagination={{
          current: query.pageIndex + 1,
          pageSize: query.pageSize,
          total: reachableRows(result.data?.count ?? 0),
          showSizeChanger: false,
          showTotal: () => `共 ${countText(result.data?.count ?? 0)} 人`,
          onChange: (page) => setQuery((q) => ({ ...q, pageIndex: page - 1 })),
        }}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 12 }}>
        <Space>
          <Button onClick={reset}>重置</Button>
          <Button onClick={onCancel}>取消</Button>
          <Button type="primary" onClick={confirm}>
            确定
          </Button>
        </Space>
      </div>
    </>
  );
}
