import { DeleteOutlined, DownloadOutlined, FilterOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { ColumnChooser } from '../ColumnChooser';
import type { ListColumn } from './columns';
import type { ColumnChoice } from './useColumnChoice';
import { SORT_OPTIONS, type SortType } from './useListData';

export interface ListToolbarProps<T> {
  keyword: string;
  keywordPlaceholder?: string;
  onKeyword: (keyword: string) => void;
  /** The filter panel (shown under the bar when toggled); null → no toggle. */
  panel: ReactNode;
  /** The panel starts open (the page arrived with filters). */
  filtersDefaultOpen: boolean;
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
}

/** The bar above a list: keyword, 筛选 toggle, sort, the page's buttons, 导出, 批量删除, refresh, column chooser. */
export function ListToolbar<T>(p: ListToolbarProps<T>) {
  const [draft, setDraft] = useState(p.keyword);
  const [open, setOpen] = useState(p.filtersDefaultOpen);
  // The panel's fields are built on first open, not with the list's first screen.
  const [built, setBuilt] = useState(p.filtersDefaultOpen);
  useEffect(() => setDraft(p.keyword), [p.keyword]);

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <Input.Search
            allowClear
            style={{ width: 260 }}
            placeholder={p.keywordPlaceholder ?? '请输入关键字搜索'}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onSearch={(v) => p.onKeyword(v.trim())}
            aria-label="关键字"
          />
          {p.panel ? (
            <Button
              icon={<FilterOutlined />}
              type={open ? 'primary' : 'default'}
              ghost={open}
              onClick={() => {
                setBuilt(true);
                setOpen(!open);
              }}
            >
              筛选
            </Button>
          ) : null}
          {p.plans}
          {p.sortType !== undefined ? (
            <Select<SortType> style={{ width: 170 }} value={p.sortType} options={[...SORT_OPTIONS]} onChange={p.onSort} aria-label="排序" />
          ) : null}
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
      {p.panel && built ? <div style={open ? undefined : { display: 'none' }}>{p.panel}</div> : null}
    </>
  );
}
