import { LockOutlined } from '@ant-design/icons';
import type { MenuEntryView } from '@sk/shared';
import { Tooltip } from 'antd';
import { menuIcon } from '../icons';
import { useOpenEntry } from '../menu';
import { QUOTA_TITLE } from '../PageGuard';

/** Menu entries as clickable cards (home quick entries, function navigation). */
export function EntryCards({ entries }: { entries: MenuEntryView[] }) {
  const open = useOpenEntry();
  return (
    <div className="sk-card-grid">
      {entries.map((e) => {
        const card = (
          <button key={e.routerName} type="button" className="sk-entry-card" aria-disabled={e.disabled} onClick={() => open(e)} data-entry={e.routerName}>
            {menuIcon(e.icon)}
            <span>{e.name}</span>
            {e.locked && <LockOutlined className="sk-lock" aria-label="免费版锁定" />}
          </button>
        );
        return e.disabled ? (
          <Tooltip key={e.routerName} title={QUOTA_TITLE}>
            {card}
          </Tooltip>
        ) : (
          card
        );
      })}
    </div>
  );
}
