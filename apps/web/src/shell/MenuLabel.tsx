import { LockOutlined } from '@ant-design/icons';
import type { MenuEntryView } from '@sk/shared';
import { Badge, Tooltip } from 'antd';
import { QUOTA_TITLE } from './PageGuard';

/** An entry's name with its badge count, lock icon (free plan) or quota hint (disabled). */
export function MenuLabel({ entry, count }: { entry: MenuEntryView; count?: number }) {
  if (entry.locked) {
    return (
      <span className="sk-menu-label" data-locked="1">
        {entry.name}
        <LockOutlined className="sk-lock" aria-label="免费版锁定" />
      </span>
    );
  }
  if (entry.disabled) {
    return (
      <Tooltip title={QUOTA_TITLE} placement="right">
        <span className="sk-menu-label">{entry.name}</span>
      </Tooltip>
    );
  }
  return (
    <span className="sk-menu-label">
      {entry.name}
      {count ? <Badge count={count} size="small" overflowCount={99} className="sk-badge" /> : null}
    </span>
  );
}
