import { LockOutlined } from '@ant-design/icons';
import type { MenuEntryView } from '@sk/shared';
import { Badge, Tooltip } from 'antd';
import { QUOTA_TITLE } from './PageGuard';

/** Counts past this show as 99+ (the bell and the menu alike). */
export const BADGE_OVERFLOW = 99;

/**
 * An entry's name with its badge count, lock icon (free plan) or quota hint (disabled). In the side menu a long name wraps
 * beside its count, so neither is cut in the 160 px side menu (shell.css .sk-menu-label).
 */
export function MenuLabel({ entry, count }: { entry: MenuEntryView; count?: number }) {
  const name = <span className="sk-menu-label-text">{entry.name}</span>;
  if (entry.locked) {
    return (
      <span className="sk-menu-label" data-locked="1">
        {name}
        <LockOutlined className="sk-lock" aria-label="免费版锁定" />
      </span>
    );
  }
  if (entry.disabled) {
    return (
      <Tooltip title={QUOTA_TITLE} placement="right">
        <span className="sk-menu-label">{name}</span>
      </Tooltip>
    );
  }
  return (
    <span className="sk-menu-label">
      {name}
      {count ? <Badge count={count} size="small" overflowCount={BADGE_OVERFLOW} className="sk-badge" data-count={count} /> : null}
    </span>
  );
}
