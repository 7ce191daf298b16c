import type { EventRow } from '@sk/shared/events/events.contract';
import { Button, Card } from 'antd';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import type { ListPageHandle } from '../../../components';
import { call } from '../../../lib/api';
import { eventContract, eventPath } from '../api';
import { EventList } from '../components/EventList';

/** 待认领事件: the open events nobody handles yet; claiming one makes me its principal. */
export default function Shelters() {
  const list = useRef<ListPageHandle>(null);
  const navigate = useNavigate();
  const claim = (r: EventRow) =>
    call(eventContract.claim, { id: r.id, expected: 1 }, { successToast: true }).then(
      () => navigate(eventPath(r.id)),
      () => list.current?.refresh(),
    );
  return (
    <Card title="待认领事件" size="small">
      <EventList
        list="shelters"
        ref={list}
        title="待认领事件"
        endpoint={eventContract.shelterList}
        states={false}
        actions={{
          key: 'actions',
          title: '操作',
          fixed: 'right',
          width: 90,
          render: (_: unknown, r: EventRow) => (
            <Button type="link" size="small" onClick={() => claim(r)}>
              认领
            </Button>
          ),
        }}
      />
    </Card>
  );
}
