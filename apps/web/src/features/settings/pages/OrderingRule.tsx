import { hasPower, POWERS } from '@sk/shared/auth/powers';
import { Alert, Card } from 'antd';
import { Link } from 'react-router';
import { useUser } from '../../../lib/session';
import { SettingsForm } from '../components/SettingsForm';

/** The catalogue settings that decide how orders reach engineers. */
export const ORDERING_RULE_CODES = ['order_high_seas', 'order_reserve_required', 'order_timeout_hours', 'sla_enabled', 'auto_copy'] as const;

/** Dispatch rules: the order settings that govern dispatching, grabbing and time limits. */
export default function OrderingRule() {
  const user = useUser();
  return (
    <Card title="派单规则">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="派单说明"
        description={
          <>
            派单员在“待派单工单”中把工单派给服务人员或<Link to="/serviceGroup">服务团队</Link>；开启工单公海后，未派出的工单进入公海由服务人员抢单。
            超时时长决定工单何时计为超时工单，SLA 与自动抄送在免费版不可开启。
          </>
        }
      />
      <SettingsForm codes={ORDERING_RULE_CODES} editable={hasPower(user.powers, POWERS.systemSetting)} />
    </Card>
  );
}
