import type { EventRow } from '@sk/shared/events/events.contract';
import { Button, Card } from 'antd';
import { useState } from 'react';
import { eventContract } from '../api';
import { ActionDialog } from '../components/ActionDialog';
import { EventList } from '../components/EventList';

/** 待分配事件: dispatchers give open, unclaimed events a principal; staff may delete them. */
export default function EventAssigned() {
  const [assigning, setAssigning] = useState<number | null>(null);
  return (
    <Card title="待分配事件" size="small">
      <EventList
        list="undelivered"
        title="待分配事件"
        endpoint={eventContract.unDeliverList}
        states={false}
        deletable
        actions={{
          key: 'actions',
          title: '操作',
          fixed: 'right',
          width: 90,
          render: (_: unknown, r: EventRow) => (
            <Button type="link" size="small" onClick={() => setAssigning(r.id)}>
              分配
            </Button>
          ),
        }}
      />
      <ActionDialog
        eventId={assigning ?? 0}
        action={assigning ? 'assign' : null}
        expected={1}
        onClose={() => setAssigning(null)}
        // the list refreshes through the events' staleAfter (../api.ts)
        onDone={() => setAssigning(null)}
      />
    </Card>
  );
}
