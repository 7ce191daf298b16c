import { MoreOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { type KeyboardEvent, type MouseEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAfterFirstScreen } from '../lib/afterFirstScreen';
import { confirmLeave } from './leaveGuard';
import { closeAll, closeLeft, closeOthers, closeRight, closeTab, type Tab, type TabChange, tabsStore } from './tabs';

type Action = 'close' | 'others' | 'left' | 'right' | 'all';

const ACTIONS: { key: Action; label: string }[] = [
  { key: 'close', label: '关闭当前' },
  { key: 'others', label: '关闭其他' },
  { key: 'left', label: '关闭左侧' },
  { key: 'right', label: '关闭右侧' },
  { key: 'all', label: '关闭全部' },
];

function apply(action: Action, tabs: Tab[], key: string, activeKey: string): TabChange {
  switch (action) {
    case 'close':
      return closeTab(tabs, key, activeKey);
    case 'others':
      return closeOthers(tabs, key, activeKey);
    case 'left':
      return closeLeft(tabs, key, activeKey);
    case 'right':
      return closeRight(tabs, key, activeKey);
    default:
      return closeAll();
  }
}

/** Which actions make sense for a tab (nothing to the left of the first closable one, and so on). */
function menuFor(tabs: Tab[], key: string): MenuProps['items'] {
  const i = tabs.findIndex((t) => t.key === key);
  const tab = tabs[i];
  const enabled: Record<Action, boolean> = {
    close: !!tab?.closable,
    others: tabs.some((t) => t.closable && t.key !== key),
    left: tabs.slice(0, i).some((t) => t.closable),
    right: tabs.slice(i + 1).some((t) => t.closable),
    all: tabs.some((t) => t.closable),
  };
  return ACTIONS.map((a) => ({ key: a.key, label: a.label, disabled: !enabled[a.key] }));
}

export function TabBar({ activeKey }: { activeKey: string | undefined }) {
  const ready = useAfterFirstScreen();
  const tabs = tabsStore.use();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const active = activeKey ?? '';
  const menuKey = useRef<string | null>(null);
  const [menuTab, setMenuFor] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);

  const run = async (action: Action, key: string) => {
    const change = apply(action, tabsStore.get(), key, active);
    // Closing the visible tab leaves its page: unsaved edits there are asked about before the tab goes.
    const closesActive = !change.tabs.some((t) => t.key === active);
    if (closesActive && !(await confirmLeave(modal.confirm))) return;
    tabsStore.set(change.tabs);
    if (change.go) navigate(change.go);
  };
  /** Delete on a focused tab closes it: the close (×) button is for the mouse (lib/a11y.ts takes it out of the tab order). */
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Delete' || !(e.target instanceof HTMLElement) || e.target.getAttribute('role') !== 'tab') return;
    const key = e.target.querySelector('[data-tab]')?.getAttribute('data-tab');
    if (key && tabs.find((t) => t.key === key)?.closable) void run('close', key);
  };

  // One context menu for the whole strip, for the tab under the right click: a menu of its own on every tab cost each
  // navigation a dropdown and its trigger per open tab (with 100 tabs, about a tenth of the app's script time).
  const onContextMenuCapture = (e: MouseEvent) => {
    const key = e.target instanceof Element ? (e.target.closest('.ant-tabs-tab')?.querySelector('[data-tab]')?.getAttribute('data-tab') ?? null) : null;
    menuKey.current = key;
    setMenuFor(key);
  };

  // After the page and its rows (antd's tabs measure themselves as they mount: about 0.16 s at 4× CPU); its box holds
  // the strip's height meanwhile, so the page does not move when it arrives.
  if (!ready) return <div className="sk-tabbar" />;
  return (
    <div className="sk-tabbar" onKeyDown={onKeyDown}>
      <Dropdown
        trigger={['contextMenu']}
        open={menuOpen}
        // A right click beside the tabs opens nothing.
        onOpenChange={(open) => setMenuOpen(open && menuKey.current != null)}
        menu={{
          items: menuFor(tabs, menuTab ?? active),
          onClick: ({ key, domEvent }) => {
            // The menu is portalled but React bubbles its click to the strip, which would activate a tab.
            domEvent.stopPropagation();
            setMenuOpen(false);
            if (menuKey.current) void run(key as Action, menuKey.current);
          },
        }}
      >
        <div className="sk-tabbar-strip" onContextMenuCapture={onContextMenuCapture}>
          <Tabs
            type="editable-card"
            size="small"
            hideAdd
            activeKey={active}
            onChange={(key) => {
              const t = tabs.find((x) => x.key === key);
              if (t) navigate(t.url);
            }}
            onEdit={(key, kind) => {
              if (kind === 'remove' && typeof key === 'string') void run('close', key);
            }}
            items={tabs.map((t) => ({ key: t.key, closable: t.closable, label: <span data-tab={t.key}>{t.title}</span> }))}
          />
        </div>
      </Dropdown>
      <Dropdown menu={{ items: menuFor(tabs, active), onClick: ({ key }) => void run(key as Action, active) }} trigger={['click']}>
        <Button size="small" className="sk-tab-actions" aria-label="标签操作" icon={<MoreOutlined />}>
          <span className="sk-tab-actions-text">标签操作</span>
        </Button>
      </Dropdown>
    </div>
  );
}
