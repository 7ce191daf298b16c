import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_KIND_INFO, SEARCH_MIN_LENGTH, type SearchGroup, type SearchKind, searchContract } from '@sk/shared/search/search.contract';
import { AutoComplete, Input, Modal, Tag } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../../lib/query';
import { registerSearchFocus } from '../../lib/searchFocus';

/** How long the box waits after the last keystroke before it asks. */
export const SEARCH_DEBOUNCE_MS = 250;
const PLACEHOLDER = '搜索工单、客户、设备、事件、项目';
const KEY_OF = /^(order|customer|product|event|project):(\d+)$/;

function useDebounced(value: string, ms: number): string {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

function Hit({ title, no, sub, state }: { title: string; no: string | null; sub: string | null; state: string | null }) {
  return (
    <div style={{ lineHeight: 1.4, padding: '2px 0' }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{title}</span>
        {state ? <Tag style={{ marginInlineEnd: 0 }}>{state}</Tag> : null}
      </div>
      {no || sub ? <div style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.65)' }}>{[no, sub].filter(Boolean).join(' · ')}</div> : null}
    </div>
  );
}

export const optionsOf = (groups: SearchGroup[]) =>
  groups.map((g) => ({
    label: SEARCH_KIND_INFO[g.kind].label,
    options: g.items.map((i) => ({ value: `${g.kind}:${i.id}`, label: <Hit {...i} /> })),
  }));

/** The box itself: type two characters, pick a result (arrows and Enter work) to open its page; Esc closes the list. */
function SearchBox({ autoFocus, onDone, width }: { autoFocus?: boolean; onDone?: () => void; width: number | string }) {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const long = Array.from(q).length >= SEARCH_MIN_LENGTH;
  const r = useApi(searchContract.search, { q }, { enabled: long, call: { silent: true }, staleTime: 10_000 });
  const navigate = useNavigate();
  const box = useRef<{ focus: () => void; blur: () => void }>(null);

  useEffect(() => {
    if (onDone) return; // the phone's dialog registers itself
    return registerSearchFocus(() => box.current?.focus());
  }, [onDone]);

  const typed = Array.from(text.trim()).length;
  let empty: ReactNode = null;
  if (typed > 0 && typed < SEARCH_MIN_LENGTH) empty = `请输入至少${SEARCH_MIN_LENGTH}个字`;
  else if (typed >= SEARCH_MIN_LENGTH && (!long || r.isFetching || q !== text.trim())) empty = '搜索中…';
  else if (r.isError) empty = r.error?.message || '搜索失败，请重试';
  else if (long && r.data) empty = '没有找到匹配的工单、客户、设备、事件或项目';
  const groups = long && q === text.trim() ? (r.data?.groups ?? []) : [];

  return (
    <AutoComplete
      ref={box as never}
      value={text}
      options={optionsOf(groups)}
      notFoundContent={empty}
      popupMatchSelectWidth={360}
      style={{ width }}
      onChange={(v: string) => {
        if (!KEY_OF.test(v)) setText(v ?? '');
      }}
      onSelect={(v: string) => {
        const m = KEY_OF.exec(v);
        if (!m) return;
        setText('');
        box.current?.blur();
        navigate(SEARCH_KIND_INFO[m[1] as SearchKind].path(Number(m[2])));
        onDone?.();
      }}
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={PLACEHOLDER}
        aria-label="全局搜索"
        autoFocus={autoFocus}
        allowClear
        suffix={onDone ? null : <kbd style={{ fontSize: 11, color: 'rgba(0, 0, 0, 0.65)' }}>Ctrl K</kbd>}
      />
    </AutoComplete>
  );
}

/**
 * The header's global search: a box on wide screens, a button that opens it in a dialog where the header is narrower. Ctrl+K (⌘K) and /
 * focus it (shell/Shortcuts.tsx).
 */
export function GlobalSearch({ compact }: { compact?: boolean }) {
  const [open, setOpen] = useState(false);
  const asButton = !!compact;
  useEffect(() => (asButton ? registerSearchFocus(() => setOpen(true)) : undefined), [asButton]);
  if (!asButton)
    return (
      <div className="sk-global-search" style={{ lineHeight: 'normal', display: 'flex', alignItems: 'center' }}>
        <SearchBox width={220} />
      </div>
    );
  return (
    <>
      <button type="button" className="sk-header-btn" aria-label="搜索" onClick={() => setOpen(true)}>
        <SearchOutlined style={{ color: 'inherit', fontSize: 16 }} />
      </button>
      <Modal
        open={open}
        title="搜索"
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        className="sk-search-dialog"
        // The dialog takes the focus for itself once open: hand it to the box then, so one can type at once.
        afterOpenChange={(shown) => shown && document.querySelector<HTMLInputElement>('.sk-search-dialog input')?.focus()}
      >
        <SearchBox autoFocus width="100%" onDone={() => setOpen(false)} />
      </Modal>
    </>
  );
}
