import { POOL_POWERS } from '@sk/shared/pool/pool.contract';
import { Card, Tabs } from 'antd';
import { useCan, useUser } from '../../lib/session';
import { PoolList } from './PoolList';
import { PoolProfiles } from './PoolProfiles';
import { PoolRules } from './PoolRules';

/** 工单公海 (/orderHighSeas): engineers grab what they are eligible for; dispatchers also keep the rules and each engineer's range. */
export default function OrderHighSeas() {
  const can = useCan();
  const user = useUser();
  const manage = can(POOL_POWERS.manage);
  // Only the service-person role grabs (the order machine's rule); dispatchers watch and manage.
  const canGrab = user.sysrole === 2;
  if (!manage) {
    return (
      <Card title="工单公海" size="small">
        <PoolList canGrab={canGrab} manage={manage} />
      </Card>
    );
  }
  return (
    <Card size="small">
      <Tabs
        items={[
          { key: 'pool', label: '工单公海', children: <PoolList canGrab={canGrab} manage={manage} /> },
          { key: 'rules', label: '入池规则', children: <PoolRules /> },
          { key: 'profiles', label: '抢单范围', children: <PoolProfiles /> },
        ]}
      />
    </Card>
  );
}
