// A record's log as a card of lines (处理记录, 操作记录): the detail pages of the quality and settlement areas.
import { Card, Timeline } from 'antd';

/** One entry: when, who (系统 when no user did it), what was done (its label), and the note given with it. */
export interface LogLine {
  time: string;
  userName: string | null;
  action: string;
  note?: string | null;
}

/** The entries in the order the server lists them, one line each. */
export function LogCard({ title, lines }: { title: string; lines: readonly LogLine[] }) {
  return (
    <Card size="small" title={title}>
      <Timeline
        items={lines.map((l) => ({
          children: (
            <span>
              {l.time} {l.userName ?? '系统'} {l.action}
              {l.note ? `：${l.note}` : ''}
            </span>
          ),
        }))}
      />
    </Card>
  );
}
