import { allowedPageSizes, countText, isPaid, reachableRows } from '@sk/shared';
import type { SearchPlan } from '@sk/shared/forms/preferences.contract';
import { Form, Modal, type PaginationProps, Table } from 'antd';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { type Key, type ReactNode, type Ref, useEffect, useImperativeHandle, useMemo, useState } from 'react';
import { type ListSource, listKey, readsOfList } from '../../lib/list';
import { readsFrom } from '../../lib/query';
import { useLocation } from 'react-router';
import { usePhone } from '../../lib/phone';
import { useSessionUser } from '../../lib/session';
import { EmptyState } from '../EmptyState';
import { showFreeNotice } from '../freeNotice';
import { toast } from '../toast';
import { defaultColumnKeys, type ListColumn, visibleColumns, wideTable } from './columns';
import { EXPORT_EMPTY, ExportDialog, type ExportScope } from './ExportDialog';
import { FilterPanel } from './FilterPanel';
import { ListToolbar } from './ListToolbar';
import { layoutOf, PhoneCards, type PhoneCardSpec } from './PhoneCards';
import { PlanGate, planKeyOf, planQuery, useListPlans } from './SearchPlans';
import { useColumnChoice } from './useColumnChoice';
import { type ListQuery, type SortType, useListData } from './useListData';
import { useTableConfig } from './useTableConfig';

export const DELETE_NONE_SELECTED = '请选择需要删除的行';
export const DELETE_CONFIRM = '确认删除选中的行吗？';
export const DELETE_DONE = '删除成功';

export interface ExportRequest<T> {
  fileName: string;
  scope: ExportScope;
  /** Keys of the rows to export (the current page's or the selected ones); empty for 'all' (every row the query matches). */
  ids: Key[];
  rows: T[];
  /** The list's current query, for exports that re-run it on the server. */
  query: ListQuery;
  /** The columns the user chose (column chooser), in the page's order: exports write these. */
  columns: string[];
}

/**
 * What a page may read of its list. There is no refresh here: a change refreshes the list by invalidating the reads it
 * touched (`invalidates` on the write's useApiMutation, the area's `staleAfter`, or `invalidate(read)`).
 */
export interface ListPageHandle {
  query: ListQuery;
  selectedKeys: Key[];
  /** The selected rows as the list showed them (their states, for actions that say what the user saw). */
  selectedRows: object[];
}

/**
 * `fetch` loads one page: `{ pageIndex (zero-based), pageSize, keyword, sortType, ...filters }` → `{ list, count }`.
 * The contract reads the rows come from are named by the fetcher (contractFetcher's, pairFetcher's) or by `read`:
 * the rows are kept under the first one's key, and invalidating a read after a change refreshes every list of it.
 */
export type ListPageProps<T> = ListSource<T> & ListPageOptions<T>;

export interface ListPageOptions<T> {
  /** The page's name: the export file is named after it. */
  title: string;
  columns: ListColumn<T>[];
  /** Key of the column choice and the query cache; defaults to the current route. */
  routeKey?: string;
  rowKey?: string | ((row: T) => Key);
  /** Columns shown until the user chooses (default: the first nine). */
  defaultColumns?: string[];
  keywordPlaceholder?: string;
  /** Filter-panel fields (antd Form.Item with names); omitted → no filter toggle. */
  filters?: ReactNode;
  /** Turns the panel's values into query fields (e.g. a date range into start/end). */
  mapFilters?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Starting filters (e.g. from the URL) and the panel's initial values. */
  initialQuery?: Record<string, unknown>;
  /** The panel's values for `initialQuery` when they differ (mapFilters' inverse: start/end fields back into a range). */
  filterValuesOf?: (query: Record<string, unknown>) => Record<string, unknown>;
  /** Fixed fields sent with every load (e.g. `{ dataType: 1 }` or the current tab); a change reloads from the first page. */
  params?: Record<string, unknown>;
  /** Show the sort selector (default true). */
  sort?: boolean;
  /** Buttons next to the list tools (新建 …). */
  toolbar?: ReactNode;
  /** Starts a download-centre export; omitted → no export button. */
  onExport?: (req: ExportRequest<T>) => Promise<unknown>;
  /**
   * A row as a card at phone width: column keys (first: the card's title; `actions`: its foot), or a layout (title,
   * state tag, unlabelled lead lines such as time and address, labelled rows, a small foot); omitted → the table.
   */
  phoneCard?: PhoneCardSpec<T>;
  /** Offer 全部筛选结果 (every row the current filters match) besides 当前页 and 选中行 (default true). */
  exportAll?: boolean;
  /** Deletes the given rows; omitted → no batch delete. */
  onDelete?: (ids: Key[], rows: T[]) => Promise<unknown>;
  selectable?: boolean;
  /** Paid plan (page sizes 500/1000, sorting); defaults to the session user's plan. */
  paid?: boolean;
  /** Saved search plans (/search/plan/*): default on when the page has filters. */
  searchPlans?: boolean;
  /** Keep the column choice on the server too (/fr/table/cfg/*); default on. */
  tableConfig?: boolean;
  ref?: Ref<ListPageHandle>;
}

const EMPTY: Record<string, unknown> = {};
const NONE: { keys: Key[]; rows: never[] } = { keys: [], rows: [] };
/** Query fields that are not filters (paging, keyword, sort). */
const QUERY_BASICS = new Set(['pageIndex', 'pageSize', 'keyword', 'sortType']);

/**
 * The one list page: keyword, filter panel, sort (refused on the free plan), column chooser
 * per route, table (columns at least 150 px), pager (500/1000 on paid plans), export dialog, batch delete,
 * saved search plans (the default plan is applied before the first load).
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const location = useLocation();
  const pageKey = (props.searchPlans ?? !!props.filters) ? planKeyOf(props.routeKey ?? location.pathname) : null;
  if (!pageKey) return <ListPageBody<T> {...props} planKey={null} startPlan={null} />;
  return <PlanGate pageKey={pageKey}>{(plan) => <ListPageBody<T> {...props} planKey={pageKey} startPlan={plan} />}</PlanGate>;
}

function ListPageBody<T extends object>(props: ListPageProps<T> & { planKey: string | null; startPlan: SearchPlan | null }) {
  const { columns, fetch, rowKey = 'id', filters, toolbar, onExport, onDelete, sort = true, initialQuery = EMPTY, ref, startPlan } = props;
  const location = useLocation();
  const routeKey = props.routeKey ?? location.pathname;
  const user = useSessionUser();
  const paid = props.paid ?? isPaid(user?.isChargeUser ?? 0);
  const [modal, modalHolder] = Modal.useModal();
  const phone = usePhone();
  // A page that arrives with filters shows them; on a phone they wait in their sheet, the list comes first.
  const [filtersOpen, setFiltersOpen] = useState(() => !phone && (Object.keys(initialQuery).length > 0 || !!startPlan));

  const [start] = useState(() => (startPlan ? planQuery(startPlan, props.mapFilters) : undefined));
  const reads = readsOfList({ fetch, read: props.read });
  const list = useListData<T>(routeKey, fetch, initialQuery, sort, props.params, start, reads);
  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;
  const keyOf = (row: T): Key => (typeof rowKey === 'function' ? rowKey(row) : ((row as Record<string, unknown>)[rowKey] as Key));

  const allKeys = useMemo(() => columns.map((c) => c.key), [columns]);
  const defaults = useMemo(() => defaultColumnKeys(columns, props.defaultColumns), [columns, props.defaultColumns]);
  const choice = useTableConfig(routeKey, useColumnChoice(routeKey, allKeys, defaults), props.tableConfig !== false);
  const shown = useMemo(() => visibleColumns(columns, choice.value), [columns, choice.value]);

  const [selected, setSelected] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const clearSelection = () => setSelected(NONE);
  const [exporting, setExporting] = useState(false);
  const [panelForm] = Form.useForm();
  const plans = useListPlans({ pageKey: props.planKey, start: startPlan, form: panelForm, list, mapFilters: props.mapFilters, onApplied: clearSelection });

  const activeFilters = Object.keys(list.query).filter((k) => !QUERY_BASICS.has(k)).length;

  // A change invalidated the list's read: the selection named the rows before it.
  const qc = useQueryClient();
  const baseKey = hashKey(listKey(routeKey, reads));
  const baseLength = listKey(routeKey, reads).length;
  useEffect(
    () =>
      qc.getQueryCache().subscribe((e) => {
        if (e.type === 'updated' && e.action.type === 'invalidate' && hashKey(e.query.queryKey.slice(0, baseLength)) === baseKey) setSelected(NONE);
      }),
    [qc, baseKey, baseLength],
  );
  // A page the change emptied gives way to the last page that still has rows.
  const lastPage = Math.max(0, Math.ceil(count / list.query.pageSize) - 1);
  const pastTheEnd = !list.loading && !!list.data && rows.length === 0 && list.query.pageIndex > lastPage;
  useEffect(() => {
    if (pastTheEnd) list.update({ pageIndex: lastPage });
  }, [pastTheEnd, lastPage, list.update]);
  useImperativeHandle(ref, () => ({ query: list.query, selectedKeys: selected.keys, selectedRows: selected.rows }));
  // The list's own changes (批量删除) and the user's 刷新 go the one way every change does: its reads made stale (in
  // the app the client is lib/query's, so this is `invalidate(...reads)`).
  const invalidateReads = () => Promise.all(reads.map((r) => qc.invalidateQueries({ predicate: readsFrom(r) }))).then(() => {});

  const changeSort = (v: SortType) => {
    if (!paid) showFreeNotice('sortChange', user?.customServicePhone);
    else list.update({ sortType: v });
  };

  const startExport = () => {
    if (count === 0 && selected.keys.length === 0) toast.warning(EXPORT_EMPTY);
    else setExporting(true);
  };
  const runExport = (fileName: string, scope: ExportScope) => {
    const chosen = scope === 'selected' ? selected.rows : scope === 'page' ? rows : [];
    const ids = scope === 'selected' ? selected.keys : scope === 'page' ? rows.map(keyOf) : [];
    const shown = new Set(choice.value);
    return onExport!({ fileName, scope, ids, rows: chosen, query: list.query, columns: allKeys.filter((k) => shown.has(k)) });
  };

  const pagination: PaginationProps = {
    current: list.query.pageIndex + 1,
    pageSize: list.query.pageSize,
    // An exact count offers every page; a capped one ("10000+") one page past each full page, as far as rows go.
    total: reachableRows(count, { pageIndex: list.query.pageIndex, pageSize: list.query.pageSize, rows: rows.length }),
    pageSizeOptions: allowedPageSizes(paid),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: () => `共 ${countText(count)} 条`,
    onChange: (page, size) => list.update(size !== list.query.pageSize ? { pageIndex: 0, pageSize: size } : { pageIndex: page - 1 }),
  };
  const selectRow = (row: T, on: boolean) =>
    setSelected((s) => {
      const k = keyOf(row);
      const rest = s.keys.filter((x) => x !== k);
      return on ? { keys: [...rest, k], rows: [...s.rows.filter((r) => keyOf(r) !== k), row] } : { keys: rest, rows: s.rows.filter((r) => keyOf(r) !== k) };
    });

  const batchDelete = () => {
    if (!selected.keys.length) return toast.warning(DELETE_NONE_SELECTED);
    const { keys, rows: picked } = selected;
    modal.confirm({
      title: '提示',
      content: DELETE_CONFIRM,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        try {
          await onDelete!(keys, picked);
        } catch {
          return; // the request client has shown why
        }
        toast.success(DELETE_DONE);
        clearSelection();
        const emptiedPage = keys.length >= rows.length && list.query.pageIndex > 0;
        if (emptiedPage) list.update({ pageIndex: list.query.pageIndex - 1 });
        await invalidateReads();
      },
    });
  };

  return (
    <div className="sk-list-page">
      {modalHolder}
      <ListToolbar
        keyword={(list.query.keyword as string | undefined) ?? ''}
        keywordPlaceholder={props.keywordPlaceholder}
        onKeyword={(keyword) => {
          clearSelection();
          list.update({ keyword });
        }}
        phone={phone}
        filtersOpen={filtersOpen}
        onFiltersOpen={setFiltersOpen}
        activeFilters={activeFilters}
        sortType={sort ? (list.query.sortType as SortType | undefined) : undefined}
        onSort={changeSort}
        columns={columns}
        choice={choice}
        extra={toolbar}
        plans={plans.control}
        onExport={onExport ? startExport : undefined}
        onDelete={onDelete ? batchDelete : undefined}
        onRefresh={() => void invalidateReads()}
        panel={
          filters ? (
            <FilterPanel
              form={panelForm}
              initialValues={props.filterValuesOf ? props.filterValuesOf(initialQuery) : initialQuery}
              layout={phone ? 'vertical' : 'inline'}
              onSearch={(values) => {
                clearSelection();
                plans.clear();
                list.setFilters(props.mapFilters ? props.mapFilters(values) : values);
                if (phone) setFiltersOpen(false);
              }}
              onReset={() => {
                clearSelection();
                plans.clear();
                list.reset();
                if (phone) setFiltersOpen(false);
              }}
            >
              {filters}
            </FilterPanel>
          ) : null
        }
      />
      {phone && props.phoneCard ? (
        <PhoneCards<T>
          columns={columns}
          layout={layoutOf(props.phoneCard)}
          rows={rows}
          keyOf={keyOf}
          loading={list.loading}
          pagination={pagination}
          selected={props.selectable === false ? undefined : selected.keys}
          onSelect={props.selectable === false ? undefined : selectRow}
        />
      ) : (
        <Table<T>
          rowKey={rowKey}
          columns={shown}
          dataSource={rows}
          loading={list.loading}
          {...wideTable(shown)}
          locale={{ emptyText: <EmptyState /> }}
          rowSelection={
            props.selectable === false
              ? undefined
              : {
                  selectedRowKeys: selected.keys,
                  preserveSelectedRowKeys: true,
                  onChange: (keys, picked) => setSelected({ keys, rows: picked.filter(Boolean) }),
                }
          }
          pagination={pagination}
        />
      )}
      {onExport ? (
        <ExportDialog
          open={exporting}
          name={props.title}
          pageCount={rows.length}
          selectedCount={selected.keys.length}
          totalCount={props.exportAll === false ? undefined : count}
          onCancel={() => setExporting(false)}
          onExport={runExport}
        />
      ) : null}
    </div>
  );
}
