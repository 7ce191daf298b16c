// 智能推荐 in the assign dialog: the engineers the dispatch assistant grades for one order (docs/planning.md), best first,
// each with his score, the slot that fits his day and the reasons; one click books him at that slot (the board's booking).
import type { Candidate } from '@sk/shared/planning/planning.contract';
import { Button, Space, Tag, Typography } from 'antd';
import { call } from '../../lib/api';
import { useApi } from '../../lib/query';
import { planningContract, scheduleContract } from './api';

/** At most this many suggestions are shown; the select below still lists everyone. */
const SHOWN = 3;

const hhmm = (stamp: string | null) => (stamp ? stamp.slice(11, 16) : '');

function Row({ c, onBook }: { c: Candidate; onBook: (c: Candidate) => void }) {
  return (
    <li aria-label={`推荐：${c.name}`} style={{ marginBottom: 8 }}>
      <Space wrap size={[8, 4]}>
        <Typography.Text strong>{c.name}</Typography.Text>
        {c.providerName ? <Typography.Text type="secondary">（{c.providerName}）</Typography.Text> : null}
        <Tag color={c.score >= 70 ? 'green' : c.score >= 40 ? 'gold' : 'default'}>{c.score} 分</Tag>
        {c.start ? (
          <Button size="small" type="primary" onClick={() => onBook(c)}>
            派给{c.name}（{hhmm(c.start)}）
          </Button>
        ) : (
          <Typography.Text type="secondary">当天排不下</Typography.Text>
        )}
      </Space>
      <div style={{ marginTop: 4 }}>
        {c.reasons.map((r) => (
          <Tag key={r.text} color={r.good ? 'success' : 'warning'} bordered={false}>
            {r.text}
          </Tag>
        ))}
      </div>
    </li>
  );
}

/**
 * `date`: the day to suggest for (the board's day); without it the assistant takes today, or the next working day
 * with room.
 */
export function Suggestions({ orderId, date, onBooked }: { orderId: number; date?: string; onBooked: () => void }) {
  const r = useApi(planningContract.candidates, { orderId, ...(date ? { date } : {}) }, { call: { silent: true } });
  const a = r.data;
  if (!a) return null;
  const book = async (c: Candidate) => {
    await call(scheduleContract.book, { orderId, serviceUserId: c.userId, bespokeTime: c.start as string }, { successToast: true });
    onBooked();
  };
  return (
    <section aria-label="智能推荐" style={{ marginBottom: 12, padding: 12, border: '1px solid #f0f0f0', borderRadius: 6 }}>
      <Typography.Text strong>智能推荐（{a.date}）</Typography.Text>
      {a.rows.length ? (
        <ol style={{ paddingInlineStart: 20, margin: '8px 0' }}>
          {a.rows.slice(0, SHOWN).map((c) => (
            <Row key={c.userId} c={c} onBook={(x) => void book(x)} />
          ))}
        </ol>
      ) : (
        <Typography.Paragraph type="secondary">没有符合条件的服务人员</Typography.Paragraph>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        路程：{a.travel.label}
        {a.dueAt ? `；SLA时限 ${a.dueAt.slice(0, 16)}` : ''}
        {a.excluded.length
          ? `；${a.excluded.length} 人不符合条件（${a.excluded
              .slice(0, 3)
              .map((x) => `${x.name}：${x.reason}`)
              .join('；')}${a.excluded.length > 3 ? '…' : ''}）`
          : ''}
      </Typography.Text>
    </section>
  );
}
