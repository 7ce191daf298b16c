import { hasPower, POWERS } from '@sk/shared/auth/powers';
import { Card, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useUser } from '../../../lib/session';
import { SettingsForm } from '../components/SettingsForm';

const RELATED = [
  { path: '/dictionarySettings', name: '字典设置' },
  { path: '/orderingRule', name: '派单规则' },
  { path: '/organizationalStructure', name: '组织架构' },
  { path: '/tagsManage/orderTag', name: '标签管理' },
  { path: '/channelSetting', name: '企业微信与钉钉' },
];

/** System settings: every catalogue setting grouped, saved together, restorable to the defaults. */
export default function SystemSetting() {
  const user = useUser();
  return (
    <Card
      title="系统设置"
      extra={
        <Space size={12} wrap>
          <Typography.Text type="secondary">相关设置：</Typography.Text>
          {RELATED.map((r) => (
            <Link key={r.path} to={r.path}>
              {r.name}
            </Link>
          ))}
        </Space>
      }
    >
      <SettingsForm editable={hasPower(user.powers, POWERS.systemSetting)} />
    </Card>
  );
}
