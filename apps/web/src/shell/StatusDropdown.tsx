import { DownOutlined } from '@ant-design/icons';
import { FREE } from '@sk/shared/auth/plans';
import { tagsContract } from '@sk/shared/tags/tags.contract';
import { Dropdown } from 'antd';
import { invalidate, useApi, useApiMutation } from '../lib/query';
import { useUser } from '../lib/session';

/** Status-tag refresh 1 s after a change. */
export const STATUS_REFRESH_MS = 1000;

const Dot = ({ color }: { color: string }) => <span className="sk-dot" style={{ background: color }} />;

/** Availability status: the user's code-1 tag, chosen from the enterprise's list. */
export function StatusDropdown({ compact }: { compact?: boolean }) {
  const user = useUser();
  const label = useApi(tagsContract.getUserStateLabel, undefined, { call: { silent: true } });
  const update = useApiMutation(tagsContract.updateUserStateTag, {
    onSuccess: () => {
      setTimeout(() => invalidate(tagsContract.getUserStateLabel), STATUS_REFRESH_MS);
    },
  });
  const current = label.data?.current;
  const items = (label.data?.list ?? []).map((t) => ({
    key: String(t.id),
    label: (
      <span>
        <Dot color={t.color_rgb} />
        {t.name}
      </span>
    ),
  }));
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: items.length ? items : [{ key: 'none', label: '暂无可选状态', disabled: true }],
        selectedKeys: current ? [String(current.id)] : [],
        onClick: ({ key }) => {
          if (user.isChargeUser === FREE) {
            import('../components/freeNotice').then((m) => m.showFreeNotice('statusSetting', user.customServicePhone));
            return;
          }
          if (key !== 'none') update.mutate({ tagId: Number(key) });
        },
      }}
    >
      <button type="button" className="sk-header-btn" aria-label="状态">
        <Dot color={current?.color_rgb ?? '#bfbfbf'} />
        {!compact && <span>{current?.name ?? '设置状态'}</span>}
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </Dropdown>
  );
}
