// /report/exceedStatistics — SLA breaches in a date range by overdue type, order type, service team or
// engineer, as a chart and a table, with their total (GET /report/exceedStatistics and …Count).
import { EXCEED_GROUPS, SLA_TYPES } from '@sk/shared/sla/sla.constants';
import { slaContract as C } from '@sk/shared/sla/sla.contract';
import { Link } from 'react-router';
import { ExceedReport } from '../ExceedReport';

export default function ExceedStatistics() {
  return (
    <ExceedReport
      title="超时统计"
      extra={<Link to="/report/eventExceedStatistics">事件超时统计</Link>}
      rowsOf={C.exceedStatistics}
      countOf={C.exceedStatisticsCount}
      types={SLA_TYPES}
      groups={EXCEED_GROUPS}
    />
  );
}
