import { hasPower, POWERS } from '@sk/shared/auth/powers';
import { PLANNING_SETTINGS } from '@sk/shared/planning/planning.constants';
import { Alert, Card, Space } from 'antd';
import { Link } from 'react-router';
import { useUser } from '../../../lib/session';
import { DefaultDispatch } from './DefaultDispatch';
import { RuleTable } from './RuleTable';
import { SettingsForm } from '../../settings';

/** The catalogue settings that decide how orders reach engineers. */
export const ORDERING_RULE_CODES = ['order_high_seas', 'order_reserve_required', 'order_timeout_hours', 'sla_enabled', 'auto_copy'] as const;
/** The dispatch assistant's weights and switches (docs/planning.md), also in 系统设置 › 派单. */
export const PLANNING_CODES = Object.values(PLANNING_SETTINGS);

/** 派单规则: the rules and the default dispatch that assign new orders automatically, and the related order settings. */
export default function OrderingRule() {
  const user = useUser();
  const editable = hasPower(user.powers, 'menu_OrderingRule');
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title="派单说明"
        description={
          <>
            新工单（待派单状态）依次尝试下面的派单规则：按工单类型、服务区域、服务团队或产品分类匹配，派给指定服务人员、
            <Link to="/serviceGroup">服务团队</Link>中负载最低的工程师或外包服务商；都不匹配时按默认派单处理。自动派单记为“系统”派单，
            其余工单由派单员在“待派单工单”中派出。
          </>
        }
      />
      <RuleTable editable={editable} />
      <DefaultDispatch editable={editable} />
      <Card size="small" title="相关设置">
        <SettingsForm codes={[...ORDERING_RULE_CODES, ...PLANNING_CODES]} editable={hasPower(user.powers, POWERS.systemSetting)} />
      </Card>
    </Space>
  );
}
