import { DeleteOutlined, DownloadOutlined, EllipsisOutlined, FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Dropdown, Input, type MenuProps, Select, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { ColumnChooser } from '../ColumnChooser';
import type { ListColumn } from './columns';
import type { ColumnChoice } from './useColumnChoice';
import { SORT_OPTIONS, type SortType } from './useListData';

export interface ListToolbarProps<T> {
  keyword: string;
  keywordPlaceholder?: string;
  onKeyword: (keyword: string) => void;
  /** The filter panel (shown under the bar when toggled, in a sheet on a phone); null → no toggle. */
  panel: ReactNode;
  /** The panel is shown (controlled by the list: a search on a phone closes the sheet). */
  filtersOpen: boolean;
  onFiltersOpen: (open: boolean) => void;
  /** How many filters are applied (a badge on 筛选 on a phone, where the panel is out of sight). */
  activeFilters?: number;
  /** Current sort; undefined → no sort selector. */
  sortType: SortType | undefined;
  onSort: (sort: SortType) => void;
  columns: ListColumn<T>[];
  choice: ColumnChoice;
  extra?: ReactNode;
  /** The saved search plans menu (F2), next to the filter toggle. */
  plans?: ReactNode;
  onExport?: () => void;
  onDelete?: () => void;
  onRefresh: () => void;
  /** Phone width: one row (keyword, 筛选, 更多); the filters, sort and plans in a sheet; no column chooser (cards). */
  phone?: boolean;
}

/** The bar above a list: keyword, 筛选 toggle, sort, the page's buttons, 导出, 批量删除, refresh, column chooser. */
export function ListToolbar<T>(p: ListToolbarProps<T>) {
  const [draft, setDraft] = useState(p.keyword);
  // The panel's fields are built on first open, not with the list's first screen.
  const [built, setBuilt] = useState(p.filtersOpen);
  useEffect(() => setDraft(p.keyword), [p.keyword]);
  useEffect(() => {
    if (p.filtersOpen) setBuilt(true);
  }, [p.filtersOpen]);

  const search = (
    <Input.Search
      allowClear
      className="sk-list-search"
      style={p.phone ? undefined : { width: 260 }}
      placeholder={p.keywordPlaceholder ?? '请输入关键字搜索'}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onSearch={(v) => p.onKeyword(v.trim())}
      aria-label="关键字"
    />
  );
  const sort =
    p.sortType !== undefined ? (
      <Select<SortType> style={{ width: p.phone ? '100%' : 170 }} value={p.sortType} options={[...SORT_OPTIONS]} onChange={p.onSort} aria-label="排序" />
    ) : null;

  if (p.phone) return <PhoneToolbar {...p} search={search} sort={sort} built={built} />;

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          {search}
          {p.panel ? (
            <Button
              icon={<FilterOutlined />}
              type={p.filtersOpen ? 'primary' : 'default'}
              ghost={p.filtersOpen}
              onClick={() => p.onFiltersOpen(!p.filtersOpen)}
            >
              筛选
            </Button>
          ) : null}
          {p.plans}
          {sort}
        </Space>
        <Space wrap>
          {p.extra}
          {p.onExport ? (
            <Button icon={<DownloadOutlined />} onClick={p.onExport}>
              导出
            </Button>
          ) : null}
          {p.onDelete ? (
            <Button danger icon={<DeleteOutlined />} onClick={p.onDelete}>
              批量删除
            </Button>
          ) : null}
          <Tooltip title="刷新">
            <Button icon={<ReloadOutlined />} onClick={p.onRefresh} aria-label="刷新" />
          </Tooltip>
          <ColumnChooser columns={p.columns} {...p.choice} />
        </Space>
      </div>
      {/* kept mounted while hidden so the panel's values survive a toggle */}
      {p.panel && (built || p.filtersOpen) ? <div style={p.filtersOpen ? undefined : { display: 'none' }}>{p.panel}</div> : null}
    </>
  );
}

/**
 * The phone's bar: the keyword box and 筛选 on one row, the rarer tools under 更多, so the first card shows in the
 * first screen. 筛选 opens a sheet from the bottom with the sort, the saved plans and the filter panel.
 */
function PhoneToolbar<T>(p: ListToolbarProps<T> & { search: ReactNode; sort: ReactNode; built: boolean }) {
  const sheet = !!(p.panel || p.sort || p.plans);
  const more: MenuProps['items'] = [
    ...(p.onExport ? [{ key: 'export', icon: <DownloadOutlined />, label: '导出' }] : []),
    ...(p.onDelete ? [{ key: 'delete', icon: <DeleteOutlined />, label: '批量删除', danger: true }] : []),
    { key: 'refresh', icon: <ReloadOutlined />, label: '刷新' },
  ];
  const onMore: MenuProps['onClick'] = ({ key }) => {
    if (key === 'export') p.onExport?.();
    else if (key === 'delete') p.onDelete?.();
    else p.onRefresh();
  };
  return (
    <>
      <div className="sk-list-toolbar-phone">
        {p.search}
        {sheet ? (
          <Badge count={p.activeFilters ?? 0} size="small" offset={[-6, 4]}>
            <Button icon={<FilterOutlined />} onClick={() => p.onFiltersOpen(true)} aria-haspopup="dialog">
              筛选
            </Button>
          </Badge>
        ) : null}
        {p.extra}
        <Dropdown menu={{ items: more, onClick: onMore }} trigger={['click']} placement="bottomRight">
          <Button icon={<EllipsisOutlined />} aria-label="更多操作" />
        </Dropdown>
      </div>
      {sheet && (p.built || p.filtersOpen) ? (
        <Drawer
          placement="bottom"
          title="筛选"
          open={p.filtersOpen}
          onClose={() => p.onFiltersOpen(false)}
          size="auto"
          rootClassName="sk-filter-sheet"
          styles={{ body: { padding: 12 } }}
        >
          <Space orientation="vertical" style={{ width: '100%' }} size={12}>
            {p.sort}
            {p.plans}
            {p.panel}
          </Space>
        </Drawer>
      ) : null}
    </>
  );
}
