import { PlusOutlined } from '@ant-design/icons';
import { EVENT_TABS } from '@sk/shared/events/events.constants';
import { EVENT_POWERS } from '@sk/shared/events/events.contract';
import { Button, Card, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/session';
import { eventContract } from '../api';
import { EventList } from '../components/EventList';

/** 我的事件: the events I handle or recorded, by state tab. */
export default function MyEvent() {
  const [tab, setTab] = useState('0');
  const can = useCan();
  const navigate = useNavigate();
  return (
    <Card title="我的事件" size="small">
      <Tabs size="small" activeKey={tab} onChange={setTab} items={Object.entries(EVENT_TABS).map(([key, label]) => ({ key, label }))} />
      <EventList
        list="mine"
        title="我的事件"
        endpoint={eventContract.myList}
        params={{ event_states: tab === '0' ? undefined : tab }}
        states={false}
        deletable={can(EVENT_POWERS.assign)}
        toolbar={
          can(EVENT_POWERS.create) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/newEvent')}>
              新建事件
            </Button>
          ) : null
        }
      />
    </Card>
  );
}
