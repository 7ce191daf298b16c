import { reachableRows } from '@sk/shared/common/pagination';
import { FIELD_TYPES, type FieldType, type FormKindId, type RecycledField } from '@sk/shared/forms/index';
import { Button, Drawer, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { showFreeNotice } from '../../../components';
import { call } from '../../../lib/api';
import { useApi } from '../../../lib/query';
import { getSessionUser } from '../../../lib/session';
import { formsContract, refreshForms } from '../api';

const PAGE_SIZE = 10;

/** The free plan has no recycle bin: the notice instead of the drawer. */
export function recycleBinLocked(): boolean {
  const u = getSessionUser();
  if (u && u.isChargeUser === 0) {
    showFreeNotice('recycleBin', u.customServicePhone);
    return true;
  }
  return false;
}

export interface RecycleTableProps {
  kind: FormKindId;
  /** One template's bin; without it, every template of the kind. */
  templateId?: number;
  /** Why restoring is not possible now (unsaved changes); null when it is. */
  blockedReason?: string | null;
  onRestored?: () => void;
  enabled?: boolean;
}

/** Deleted fields of a template (or a kind), newest first; 恢复 puts a field back at the end of its form. */
export function RecycleTable({ kind, templateId, blockedReason, onRestored, enabled = true }: RecycleTableProps) {
  const [page, setPage] = useState(0);
  const filter = { type: kind, tmpId: templateId };
  const list = useApi(formsContract.recycleBinField, { ...filter, pageIndex: page, pageSize: PAGE_SIZE }, { enabled });
  const count = useApi(formsContract.recycleBinFieldCount, filter, { enabled });
  const [busy, setBusy] = useState<number | null>(null);

  const restore = async (r: RecycledField) => {
    setBusy(r.id);
    try {
      await call(formsContract.reductionField, { tmpId: r.templateId, ids: [r.id] }, { successToast: true });
      await refreshForms();
      onRestored?.();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(null);
    }
  };

  return (
    <Table<RecycledField>
      rowKey="id"
      size="small"
      data-testid="recycle-bin"
      loading={list.isFetching}
      dataSource={list.data ?? []}
      locale={{ emptyText: '回收站是空的' }}
      pagination={{ current: page + 1, pageSize: PAGE_SIZE, total: reachableRows(count.data ?? 0), onChange: (p) => setPage(p - 1), hideOnSinglePage: true }}
      columns={[
        { key: 'name', title: '字段名称', dataIndex: 'name' },
        { key: 'type', title: '类型', dataIndex: 'type', render: (t: number) => FIELD_TYPES[t as FieldType] ?? t },
        ...(templateId ? [] : [{ key: 'templateName', title: '所属模板', dataIndex: 'templateName' }]),
        { key: 'deleteTime', title: '删除时间', dataIndex: 'deleteTime' },
        { key: 'deleteUserName', title: '删除人', dataIndex: 'deleteUserName' },
        {
          key: 'op',
          title: '操作',
          render: (_: unknown, r: RecycledField) => (
            <Tooltip title={blockedReason ?? undefined}>
              <Button type="link" size="small" disabled={!!blockedReason} loading={busy === r.id} onClick={() => restore(r)} aria-label={`恢复${r.name}`}>
                恢复
              </Button>
            </Tooltip>
          ),
        },
      ]}
    />
  );
}

export interface RecycleBinProps extends Omit<RecycleTableProps, 'enabled'> {
  open: boolean;
  onClose: () => void;
}

/** The recycle bin in a drawer (the designers' 回收站 button). */
export function RecycleBin({ open, onClose, ...rest }: RecycleBinProps) {
  return (
    <Drawer open={open} onClose={onClose} title="字段回收站" size={rest.templateId ? 600 : 760} destroyOnHidden>
      <RecycleTable {...rest} enabled={open} />
    </Drawer>
  );
}
