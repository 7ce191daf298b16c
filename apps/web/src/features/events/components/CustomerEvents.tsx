import { useMemo } from 'react';
import { eventContract } from '../api';
import { EventList } from './EventList';

/** A customer's events (the customer detail's 事件 tab), as far as the viewer may see them. */
export function CustomerEvents({ customerId }: { customerId: number }) {
  const params = useMemo(() => ({ customerId }), [customerId]);
  return <EventList title="客户事件" list="related" endpoint={eventContract.relatedList} params={params} />;
}
