// The 智能排班 draft on the 调度看板 (docs/planning.md, "The draft on the board"): each proposal a dashed 建议 block in
// its engineer's row at its hour, the totals and the orders left out above the rows. A block is dragged (or tapped,
// then a slot tapped) to another engineer or hour, removed with ×, ticked and accepted; nothing is booked before that.
// The draft's id stays in the address (?draft=ID), so a reload shows it again.
import type { BatchDispatchResult } from '@sk/shared/dispatch/dispatch.contract';
import { PROPOSAL_STATE } from '@sk/shared/planning/planning.constants';
import { type Draft, planningContract as P, type Proposal } from '@sk/shared/planning/planning.contract';
import { useDraggable } from '@dnd-kit/core';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Space, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../lib/api';
import { apiKey, useApi } from '../../lib/query';
import { usePhone } from '../../lib/phone';
import { pickOnEnter } from './parts';

/** What a proposal's block carries when dragged (the board's `Dragged` with kind 'proposal'). */
export const PROPOSAL_KIND = 'proposal';
type Carried = { kind: string; id: number } | undefined;

const hhmm = (stamp: string) => stamp.slice(11, 16);
const proposed = (p: Proposal) => p.state === PROPOSAL_STATE.proposed;

/** A proposal's block in a slot: tick box, the handle (drag it, or tap it then a slot), 超时, ×. */
function ProposalBlock({
  p,
  ticked,
  picked,
  onTick,
  onPick,
  onRemove,
}: {
  p: Proposal;
  ticked: boolean;
  picked: boolean;
  onTick: (on: boolean) => void;
  onPick: () => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `proposal:${p.orderId}`,
    data: { label: `建议「${p.title}」`, dragged: { kind: PROPOSAL_KIND, id: p.orderId } },
    attributes: { roleDescription: '可拖动调整的建议' },
  });
  const when = `${hhmm(p.start)}–${hhmm(p.end)}`;
  return (
    <div
      className="sk-draft-block"
      data-testid={`draft-block-${p.orderId}`}
      data-late={p.late ? '1' : '0'}
      data-picked={picked ? '1' : '0'}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      style={{ opacity: isDragging ? 0.4 : undefined }}
    >
      <Checkbox checked={ticked} onChange={(e) => onTick(e.target.checked)} aria-label={`勾选建议 ${p.title}`} />
      <span className="sk-draft-time">{hhmm(p.start)}</span>
      <button type="button" className="sk-draft-remove" aria-label={`移除建议 ${p.title}`} title="移除" onClick={onRemove}>
        ×
      </button>
      <span
        ref={setNodeRef}
        {...attributes}
        {...listeners}
        className="sk-draft-handle"
        title={`建议 ${when} ${p.title}（${p.orderNo}）${p.moved ? '，已调整' : ''}${p.late ? '，超时' : ''}：拖动到其他服务人员或时段`}
        onClick={onPick}
        onKeyDown={pickOnEnter(listeners, onPick)}
      >
        <span className="sk-draft-title">
          <b>建议</b> {p.title}
        </span>
        {p.late && <span className="sk-draft-late">超时</span>}
      </span>
    </div>
  );
}

export interface DraftLayer {
  draft: Draft | undefined;
  /** Shows a draft just made (its answer) and keeps its id in the address. */
  open: (d: Draft) => void;
  /** The blocks of an engineer's proposals starting within the hour of `at` ('YYYY-MM-DD HH:mm:ss'). */
  blocks: (userId: number, at: string) => ReactNode;
  /** A drop (or a tap on a slot) the draft takes: a proposal dragged, or the picked one; true when taken. */
  drop: (userId: number, at: string, dragged: Carried) => boolean;
  /** The bar above the rows: totals, actions, the orders left out, the accept's refusals, on a phone the list. */
  bar: ReactNode;
}

/**
 * The draft named by ?draft=ID on the board. `show` puts the board on the draft's day (day view); `refresh` refreshes
 * the board's reads after an acceptance booked orders.
 */
export function useDraftLayer(show: (date: string) => void): DraftLayer {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('draft')) || 0;
  const qc = useQueryClient();
  const read = useApi(P.draft, { id }, { enabled: id > 0 });
  const draft = id > 0 ? read.data : undefined;
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [picked, setPicked] = useState<number | null>(null);
  const [failed, setFailed] = useState<BatchDispatchResult['results']>([]);
  const [busy, setBusy] = useState(false);
  const [shownDay, setShownDay] = useState<string | null>(null);
  if (draft && shownDay !== `${draft.id}:${draft.date}`) {
    setShownDay(`${draft.id}:${draft.date}`);
    show(draft.date);
  }
  const phone = usePhone();

  const put = (d: Draft) => qc.setQueryData(apiKey(P.draft, { id: d.id }), d);
  const again = () => qc.invalidateQueries({ queryKey: apiKey(P.draft, { id }) });
  const setId = (next: number | null) =>
    setParams(
      (cur) => {
        const out = new URLSearchParams(cur);
        if (next) out.set('draft', String(next));
        else out.delete('draft');
        return out;
      },
      { replace: false },
    );

  const open = (d: Draft) => {
    put(d);
    setTicked(new Set());
    setFailed([]);
    setPicked(null);
    setId(d.id);
  };
  const close = () => {
    setTicked(new Set());
    setFailed([]);
    setPicked(null);
    setId(null);
  };

  const live = useMemo(() => (draft?.proposals ?? []).filter(proposed), [draft]);
  const byId = (orderId: number) => draft?.proposals.find((p) => p.orderId === orderId);

  /** Moves a proposal; a refusal (the server's message is toasted) leaves the block where it was. */
  const move = async (orderId: number, userId: number, at: string) => {
    const p = byId(orderId);
    if (!draft || !p || !proposed(p)) return;
    const start = at.slice(11, 16);
    if (p.userId === userId && hhmm(p.start) === start) return;
    try {
      put(await call(P.moveProposal, { draftId: draft.id, orderId, userId, start, version: p.version }, { successToast: true }));
    } catch {
      await again();
    }
  };
  const remove = async (orderId: number) => {
    if (!draft) return;
    try {
      put(await call(P.removeProposal, { draftId: draft.id, orderId }, { successToast: true }));
      setTicked((s) => new Set([...s].filter((x) => x !== orderId)));
    } catch {
      await again();
    }
  };
  /** Books the ticked proposals (or all still proposed); the refusals are listed per order. */
  const accept = async (orderIds?: number[]) => {
    if (!draft) return;
    setBusy(true);
    try {
      const r = await call(P.acceptDraft, { draftId: draft.id, ...(orderIds ? { orderIds } : {}) }, { successToast: true });
      setFailed(r.results.filter((x) => !x.success));
      setTicked(new Set());
    } catch {
      // The request client showed why.
    } finally {
      setBusy(false);
      await again();
    }
  };

  const tick = (orderId: number, on: boolean) =>
    setTicked((s) => {
      const next = new Set(s);
      if (on) next.add(orderId);
      else next.delete(orderId);
      return next;
    });
  const blockOf = (p: Proposal) => (
    <ProposalBlock
      key={p.orderId}
      p={p}
      ticked={ticked.has(p.orderId)}
      picked={picked === p.orderId}
      onTick={(on) => tick(p.orderId, on)}
      onPick={() => setPicked(picked === p.orderId ? null : p.orderId)}
      onRemove={() => void remove(p.orderId)}
    />
  );

  const blocks = (userId: number, at: string) =>
    draft && at.slice(0, 10) === draft.date ? live.filter((p) => p.userId === userId && p.start.slice(0, 13) === at.slice(0, 13)).map(blockOf) : null;

  const drop = (userId: number, at: string, dragged: Carried) => {
    const orderId = dragged?.kind === PROPOSAL_KIND ? dragged.id : dragged == null ? picked : null;
    if (orderId == null) return false;
    setPicked(null);
    void move(orderId, userId, at);
    return true;
  };

  const chosen = [...ticked].filter((x) => byId(x) && proposed(byId(x) as Proposal));
  const bar =
    id > 0 ? (
      <DraftBar
        draft={draft}
        loading={read.isPending}
        busy={busy}
        chosen={chosen.length}
        failed={failed}
        picked={picked == null ? undefined : byId(picked)}
        onUnpick={() => setPicked(null)}
        onAcceptChosen={() => void accept(chosen)}
        onAcceptAll={() => void accept()}
        onDiscard={close}
        list={phone && draft ? <PhoneList draft={draft} blockOf={blockOf} /> : null}
      />
    ) : null;
  return { draft, open, blocks, drop, bar };
}

/** On a phone the rows' hours scroll sideways: the proposals are also listed per engineer, in time order. */
function PhoneList({ draft, blockOf }: { draft: Draft; blockOf: (p: Proposal) => ReactNode }) {
  const live = draft.proposals.filter(proposed);
  return (
    <div data-testid="draft-phone-list">
      {draft.engineers
        .filter((e) => live.some((p) => p.userId === e.userId))
        .map((e) => (
          <div key={e.userId} style={{ marginBottom: 8 }}>
            <Typography.Text strong>{e.name}</Typography.Text>
            {live
              .filter((p) => p.userId === e.userId)
              .sort((a, b) => a.start.localeCompare(b.start))
              .map(blockOf)}
          </div>
        ))}
    </div>
  );
}

function DraftBar(p: {
  draft: Draft | undefined;
  loading: boolean;
  busy: boolean;
  chosen: number;
  failed: BatchDispatchResult['results'];
  picked: Proposal | undefined;
  onUnpick: () => void;
  onAcceptChosen: () => void;
  onAcceptAll: () => void;
  onDiscard: () => void;
  list: ReactNode;
}) {
  const d = p.draft;
  if (!d) return p.loading ? <Alert type="info" showIcon message="正在读取排班草稿…" style={{ marginBottom: 8 }} /> : null;
  const open = d.proposals.filter((x) => x.state !== PROPOSAL_STATE.removed);
  const waiting = d.proposals.filter(proposed).length;
  const accepted = d.proposals.filter((x) => x.state === PROPOSAL_STATE.accepted).length;
  return (
    <div className="sk-draft-bar" data-testid="draft-bar">
      <Space wrap size={[8, 4]}>
        <Tag color="purple">排班草稿</Tag>
        <Typography.Text strong data-testid="draft-totals">
          {d.date} · 共 {open.length} 单 · 行驶 {d.totals.km} km / {d.totals.minutes} 分钟 · 超时 {d.totals.slaMisses} 单
        </Typography.Text>
        {d.travel.estimate && (
          <Tag color="gold" title={d.travel.label}>
            估算：{d.travel.label}
          </Tag>
        )}
        <Typography.Text type="secondary" data-testid="draft-states">
          待确认 {waiting} · 已接受 {accepted}
        </Typography.Text>
      </Space>
      <Space wrap size={[8, 4]} style={{ marginTop: 6, display: 'flex' }}>
        <Button type="primary" disabled={!p.chosen} loading={p.busy} onClick={p.onAcceptChosen}>
          接受所选{p.chosen ? `（${p.chosen}）` : ''}
        </Button>
        <Button disabled={!waiting} loading={p.busy} onClick={p.onAcceptAll}>
          全部接受
        </Button>
        <Button onClick={p.onDiscard}>放弃草稿</Button>
        <Link to={`/assignOrderInMap?draft=${d.id}`}>在地图上查看</Link>
      </Space>
      {p.picked && (
        <Typography.Paragraph type="warning" style={{ margin: '6px 0 0' }}>
          已选择建议「{p.picked.title}」，点击服务人员的时段即可调整。
          <Button type="link" size="small" onClick={p.onUnpick}>
            取消选择
          </Button>
        </Typography.Paragraph>
      )}
      {p.failed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 6 }}
          message={`${p.failed.length} 条未派单`}
          description={
            <ul className="sk-batch-result" aria-label="未派单的工单" data-testid="draft-failed">
              {p.failed.map((x) => (
                <li key={x.orderId}>
                  {x.orderNo}：{x.message}
                </li>
              ))}
            </ul>
          }
        />
      )}
      {d.unplaced.length > 0 && (
        <details style={{ marginTop: 6 }} data-testid="draft-unplaced">
          <summary>未排入 {d.unplaced.length} 单</summary>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {d.unplaced.map((x) => (
              <li key={x.orderId}>
                <Link to={`/allOrder/orderDetail/${x.orderId}`}>{x.orderNo}</Link> {x.title}：{x.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {p.list}
    </div>
  );
}
