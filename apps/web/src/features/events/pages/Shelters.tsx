import type { EventRow } from '@sk/shared/events/events.contract';
import { Button, Card } from 'antd';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/api';
import { invalidate } from '../../../lib/query';
import { eventContract, eventPath } from '../api';
import { EventList } from '../components/EventList';

/** 待认领事件: the open events nobody handles yet; claiming one makes me its principal. */
export default function Shelters() {
  const navigate = useNavigate();
  const claim = (r: EventRow) =>
    call(eventContract.claim, { id: r.id, expected: 1 }, { successToast: true }).then(
      () => navigate(eventPath(r.id)),
      // refused (another claimed it first): the list as it is now
      () => void invalidate(eventContract.shelterList),
    );
  return (
    <Card title="待认领事件" size="small">
      <EventList
        list="shelters"
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
