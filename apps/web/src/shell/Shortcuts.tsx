import { Modal, Table } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { focusSearch } from '../lib/searchFocus';
import { useCan } from '../lib/session';
import { createMatcher, isTyping, SHORTCUTS, type Shortcut } from './shortcuts';

const kbd = (k: string) => (
  <kbd key={k} style={{ border: '1px solid #d9d9d9', borderRadius: 4, padding: '0 6px', marginInlineEnd: 6, background: '#fafafa' }}>
    {k}
  </kbd>
);

/**
 * The shell's keyboard shortcuts: Ctrl+K / ⌘K and / focus the search, ? shows this list, g o 全部工单, g c 全部客户,
 * n 新建工单 (each only with its page's power), Esc closes. Plain keys never fire while the user types (an input, a
 * text area, an editor) or inside an open dialog.
 */
export function Shortcuts() {
  const can = useCan();
  const navigate = useNavigate();
  const [help, setHelp] = useState(false);
  const offered = SHORTCUTS.filter((s) => !s.power || can(s.power));
  const state = useRef({ offered, help, navigate });
  state.current = { offered, help, navigate };

  useEffect(() => {
    const match = createMatcher();
    const run = (s: Shortcut | undefined): boolean => {
      if (!s) return false;
      if (s.action === 'search') return focusSearch();
      if (s.action === 'help') setHelp(true);
      else if (s.to) state.current.navigate(s.to);
      return true;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.key === 'Process') return;
      const { offered: list, help: open } = state.current;
      if (e.key === 'Escape' && open) {
        setHelp(false);
        return;
      }
      // Ctrl+K / ⌘K: also from a box the user types in (it types nothing there).
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        if (run(list.find((s) => s.action === 'search'))) e.preventDefault();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (open || (e.target as Element | null)?.closest?.('[role="dialog"]')) return;
      const action = match(e.key);
      if (action && run(list.find((s) => s.action === action))) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Modal open={help} title="键盘快捷键" footer={null} onCancel={() => setHelp(false)} destroyOnHidden>
      <Table
        size="small"
        pagination={false}
        rowKey="action"
        dataSource={offered}
        columns={[
          { key: 'keys', title: '按键', render: (_: unknown, s: Shortcut) => s.keys.map(kbd) },
          { key: 'label', dataIndex: 'label', title: '功能' },
        ]}
      />
      <p style={{ marginTop: 12, marginBottom: 0, color: 'rgba(0, 0, 0, 0.65)' }}>Esc 关闭弹窗；在输入框中输入时快捷键不生效。</p>
    </Modal>
  );
}
