// /report/eventExceedStatistics — event SLA breaches by overdue type 1–5, event template or principal
// (GET /report/eventExceedStatistics and …Count).
import { EVENT_EXCEED_GROUPS, eventSlaContract as E } from '@sk/shared/events/event.sla';
import { EVENT_OVERDUE_TYPES } from '@sk/shared/events/events.constants';
import { Link } from 'react-router';
import { ExceedReport } from '../ExceedReport';

const TYPES = Object.entries(EVENT_OVERDUE_TYPES).map(([id, name]) => ({ id: Number(id), name }));

export default function EventExceedStatistics() {
  return (
    <ExceedReport
      title="事件超时统计"
      extra={<Link to="/report/exceedStatistics">工单超时统计</Link>}
      rowsOf={E.exceedStatistics}
      countOf={E.exceedStatisticsCount}
      types={TYPES}
      groups={EVENT_EXCEED_GROUPS}
    />
  );
}
