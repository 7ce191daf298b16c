import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { hasPower, POWERS } from '@sk/shared/auth/powers';
import type { DictItem } from '@sk/shared/settings/dict.contract';
import { App, Button, Space, Switch, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { type ListColumn, ListPage, type ListQuery, withReads } from '../../../components';
import { call } from '../../../lib/api';
import { useUser } from '../../../lib/session';
import { dictContract } from '../api';
import { moved } from '../values';
import { DictItemDialog } from './DictItemDialog';

export interface DictTypeInfo {
  type: number;
  name: string;
  fixed: boolean;
  valueLabel: string | null;
}

/** One type's items as a ListPage (unpaged on the server, paged here): add, edit, delete, enable and move up or down. */
export function DictItems({ t }: { t: DictTypeInfo }) {
  const { message } = App.useApp();
  const user = useUser();
  const editable = hasPower(user.powers, POWERS.systemSetting);
  const [editing, setEditing] = useState<DictItem | null | 'new'>(null);

  const fetch = useMemo(
    () =>
      withReads(async (q: ListQuery) => {
        const items = await call(dictContract.items, { type: t.type, keyword: q.keyword || undefined });
        const start = q.pageIndex * q.pageSize;
        return { list: items.slice(start, start + q.pageSize), count: items.length };
      }, dictContract.items),
    [t.type],
  );

  const move = async (item: DictItem, step: -1 | 1) => {
    const all = await call(dictContract.items, { type: t.type });
    const ids = moved(
      all.map((i) => i.id),
      item.id,
      step,
    );
    if (!ids) return void message.info(step < 0 ? '已经是第一项' : '已经是最后一项');
    await call(dictContract.sort, { type: t.type, ids }, { successToast: true });
  };
  // failures were shown by the request client
  const tryMove = (item: DictItem, step: -1 | 1) => move(item, step).catch(() => {});

  const setEnabled = (item: DictItem, enabled: boolean) =>
    call(dictContract.enable, { ids: [item.id], enabled }).then(
      () => message.success(enabled ? '已启用' : '已停用'),
      () => {},
    );

  const columns: ListColumn<DictItem>[] = [
    { key: 'sort', dataIndex: 'sort', title: '排序', width: 80 },
    { key: 'name', dataIndex: 'name', title: '名称' },
    ...(t.valueLabel ? [{ key: 'value', dataIndex: 'value', title: t.valueLabel } as ListColumn<DictItem>] : []),
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: '状态',
      width: 100,
      render: (v: boolean, item: DictItem) => (
        <Switch
          size="small"
          checked={v}
          disabled={!editable}
          checkedChildren="启用"
          unCheckedChildren="停用"
          onChange={(on) => setEnabled(item, on)}
          aria-label={`${item.name}状态`}
        />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      fixed: 'right',
      width: 220,
      render: (_: unknown, item: DictItem) => (
        <Space size={0}>
          <Tooltip title="上移">
            <Button
              type="link"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={!editable}
              onClick={() => tryMove(item, -1)}
              aria-label={`上移${item.name}`}
            />
          </Tooltip>
          <Tooltip title="下移">
            <Button
              type="link"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={!editable}
              onClick={() => tryMove(item, 1)}
              aria-label={`下移${item.name}`}
            />
          </Tooltip>
          <Button type="link" size="small" disabled={!editable} onClick={() => setEditing(item)}>
            编辑
          </Button>
        </Space>
      ),
    },
  ];

  const canAdd = editable && !t.fixed;
  return (
    <>
      <ListPage<DictItem>
        title={t.name}
        routeKey={`/dictionarySettings/${t.type}`}
        columns={columns}
        fetch={fetch}
        sort={false}
        keywordPlaceholder="请输入名称"
        toolbar={
          <Tooltip title={t.fixed ? '该字典为系统内置，不能新增或删除字典项' : undefined}>
            <Button type="primary" icon={<PlusOutlined />} disabled={!canAdd} onClick={() => setEditing('new')}>
              新增
            </Button>
          </Tooltip>
        }
        onDelete={canAdd ? (ids) => call(dictContract.remove, { ids: ids.map(Number) }) : undefined}
      />
      <DictItemDialog type={t.type} item={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}
