// Sends the offline queue (docs/phone.md "离线使用"): on the online event, on app start and by 立即同步. Per item: the
// photos and the signature through the upload service first (their ids kept on the item), then the completion with
// the idempotency key `<device id>:<operation id>`: a replay after a lost answer is answered, never done twice.
import { filesContract } from '@sk/shared/files/files.contract';
import { orderActionsContract } from '@sk/shared/orders/order.actions.contract';
import { ApiError, CSRF_INVALID, call, NOT_LOGGED_IN } from '../api';
import { queryClient } from '../query';
import { dropOp, opsOf, putOp, type QueuedCompletion } from './queue';

/**
 * The answer never came (or the session must be renewed first): the item stays 待同步 and the next online event or
 * 立即同步 tries again. Any other answer is the server's refusal of the item.
 */
const UNREACHABLE = new Set([
  'NETWORK',
  'TIMEOUT',
  'HTTP_ERROR',
  'SERVICE_UNAVAILABLE',
  'HTTP_500',
  'HTTP_404',
  'BAD_BODY',
  'DUPLICATE',
  // Too many requests for now (the server's rate limits): later, not refused.
  'RATE_LIMITED',
  'NOT_LOGGED_IN',
  'CSRF_INVALID',
]);
const unreachable = (e: unknown) => !(e instanceof ApiError) || UNREACHABLE.has(e.code ?? '') || e.message === NOT_LOGGED_IN || e.message === CSRF_INVALID;

const upload = async (data: string, name: string) => (await call(filesContract.uploadSaveStr, { data, name }, { silent: true, noCancel: true })).id;

export interface SyncOutcome {
  sent: number;
  failed: number;
  waiting: number;
}

async function send(op: QueuedCompletion): Promise<void> {
  const photos = [...op.uploaded.photos];
  for (let i = 0; i < op.photos.length; i++) {
    if (photos[i] != null) continue;
    photos[i] = await upload(op.photos[i] as string, `现场照片${i + 1}.jpg`);
    await putOp({ ...op, uploaded: { ...op.uploaded, photos } });
  }
  let signature = op.uploaded.signature;
  if (op.signature && signature == null) {
    signature = await upload(op.signature, '签名.png');
    await putOp({ ...op, uploaded: { photos, signature } });
  }
  // Neither the state nor the version the page showed: the work was done; an edit of the order meanwhile must not
  // block it, and an order cancelled or reassigned is refused by the machine in its own words.
  const body = {
    orderId: op.orderId,
    note: op.body.note,
    ext: op.body.ext,
    receiptExt: op.body.receiptExt,
    photoIds: photos.filter((p): p is number => p != null),
    signatureId: signature ?? undefined,
    opKey: `${op.deviceId}:${op.id}`,
  };
  const ep = op.action === 'applyEndService' ? orderActionsContract.applyEndService : orderActionsContract.serviceComplete;
  await call(ep, body, { silent: true, noCancel: true });
}

let running: Promise<SyncOutcome> | null = null;

/** Sends the user's pending items in order; one at a time however often it is asked. */
export function syncQueue(userId: number): Promise<SyncOutcome> {
  running ??= (async () => {
    const out: SyncOutcome = { sent: 0, failed: 0, waiting: 0 };
    for (const op of await opsOf(userId)) {
      if (op.status !== 'pending') continue;
      try {
        await send(op);
        await dropOp(op.id);
        out.sent++;
      } catch (e) {
        if (unreachable(e)) {
          out.waiting++;
          break;
        }
        // The server refused it (the order was reassigned or cancelled meanwhile …): shown with its reason and 放弃.
        const latest = (await opsOf(userId)).find((o) => o.id === op.id) ?? op;
        await putOp({ ...latest, status: 'failed', error: (e as Error).message });
        out.failed++;
      }
    }
    if (out.sent || out.failed) await queryClient.invalidateQueries();
    return out;
  })().finally(() => {
    running = null;
  });
  return running;
}
