// A quotation's signature link by SMS (docs/portal.md): for a contact without a portal account, the salesperson sends a
// one-time link (random 32 bytes kept only as their sha256, QUOTE_SIGN_LINK_HOURS, spent by 接受 or 拒绝) that opens the
// quotation on the phone; the answer goes through the same acceptQuotation / rejectQuotation as the portal's.
import { LINK_RESEND_SECONDS } from './portal.auth';
import { QUOTE_SIGN_LINK_HOURS, QUOTE_SIGN_PATH, type PortalSignView } from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { randomToken, sha256 } from '../../platform/crypto';
import { type Deps, service } from '../../platform/deps';
import { AppError, invalid } from '../../platform/errors';
import { type SmsSender, sendLinkText } from '../../platform/sms';
import { todayIn } from '../commerce/index';
import { quotationScope } from '../commerce/index';
import { acceptQuotation, rejectQuotation } from '../commerce/index';
import { saveDataUrl } from '../files/index';
import {
  contactWithMobile,
  customerQuoteGuard,
  dropSignLink,
  insertSignLink,
  linkMadeWithin,
  liveLink,
  quoteForLink,
  type SignLink,
  signLinkOf,
} from './portal.repo';
import { dropUpload, quoteDetail } from './portal.service';

const masked = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;

/**
 * Sends the link: a sent quotation not past its date, the user's own scope; one link a minute per quotation. The text goes
 * after commit, with the quotation unlocked; a failed send removes the link (and with it the minute's wait).
 */
export async function sendSignLink(deps: Deps, a: Actor, b: { id: number; mobile?: string | null; name?: string | null }, origin: string) {
  const token = randomToken();
  const { q, mobile, name } = await deps.db.transaction(async (tx) => {
    const q = await quoteForLink(tx, a.enterpriseId, b.id, todayIn(a.timeZone), quotationScope(a));
    if (!q) throw new AppError('NOT_FOUND');
    if (q.state !== 2) throw new AppError('QUOTE_NOT_SENT');
    if (q.past) throw new AppError('QUOTE_EXPIRED');
    let mobile = b.mobile ?? null;
    let name = b.name ?? null;
    if (!mobile) {
      const c = await contactWithMobile(tx, a.enterpriseId, q.customer_id);
      if (!c?.phone) throw invalid('手机号：该客户没有联系人手机号，请填写接收短信的手机号');
      mobile = c.phone;
      name ??= c.name;
    }
    if (await linkMadeWithin(tx, a.enterpriseId, b.id, LINK_RESEND_SECONDS)) throw new AppError('QUOTE_LINK_TOO_SOON');
    await insertSignLink(tx, {
      enterpriseId: a.enterpriseId,
      quotationId: b.id,
      tokenHash: sha256(token),
      mobile,
      name,
      hours: QUOTE_SIGN_LINK_HOURS,
      createdBy: a.id,
    });
    return { q, mobile, name };
  });
  const url = `${origin}${QUOTE_SIGN_PATH}?token=${token}`;
  const text = `【${q.enterprise_name}】${name ? `${name}您好，` : ''}报价单${q.quote_no}（${q.title}）请点击链接查看并签字确认：${url} ，${QUOTE_SIGN_LINK_HOURS}小时内有效，仅可使用一次。`;
  await sendLinkText(deps.db, service<SmsSender>(deps, 'sms'), { mobile, text, token }, { undo: (ex) => dropSignLink(ex, a.enterpriseId, sha256(token)) });
  return { mobile: masked(mobile), hours: QUOTE_SIGN_LINK_HOURS };
}

type Link = SignLink;

/** The live link of a token (unknown, spent or expired: QUOTE_LINK_INVALID); `lock` spends it in the caller's transaction. */
async function linkOf(ex: Db | Tx, token: string, spend: boolean): Promise<Link> {
  if (!(await liveLink(ex, sha256(token), spend))) throw new AppError('QUOTE_LINK_INVALID');
  const l = await signLinkOf(ex, sha256(token));
  if (!l) throw new AppError('QUOTE_LINK_INVALID');
  return l;
}

const readerOf = (l: Link) => ({ enterpriseId: l.enterprise_id, customerId: l.customer_id, timeZone: l.time_zone });
const guardOf = (l: Link) => customerQuoteGuard(l.customer_id);

export async function signView(db: Db, token: string): Promise<PortalSignView> {
  const l = await linkOf(db, token, false);
  const q = await quoteDetail(db, readerOf(l), l.quotation_id);
  return { ...q, enterpriseName: l.enterprise_name, customerName: l.customer_name, contactName: l.name };
}

/** 接受 with the signature drawn on the phone: the link is spent in the transaction that accepts (of two uses, one wins). */
export async function signAccept(deps: Deps, token: string, signature: string): Promise<{ state: number }> {
  const l = await linkOf(deps.db, token, false);
  const q = await quoteDetail(deps.db, readerOf(l), l.quotation_id);
  if (q.expired) throw new AppError('QUOTE_EXPIRED');
  if (!q.canAnswer) {
    // The quotation was read after the link: if another use of this link closed it meanwhile, the link is spent now.
    await linkOf(deps.db, token, false);
    throw new AppError('QUOTE_NOT_SENT');
  }
  const file = await saveDataUrl(deps, { enterpriseId: l.enterprise_id, userId: null }, signature, '客户签名');
  try {
    return await deps.db.transaction(async (tx) => {
      const spent = await linkOf(tx, token, true);
      return acceptQuotation(tx as unknown as Db, {
        enterpriseId: spent.enterprise_id,
        timeZone: spent.time_zone,
        id: spent.quotation_id,
        acceptedName: spent.name ?? spent.mobile,
        userId: null,
        signatureFileId: String(file.id),
        guard: guardOf(spent),
      });
    });
  } catch (err) {
    // Another use won (or the quotation changed meanwhile): the losing attempt's signature is not kept.
    await dropUpload(deps, l.enterprise_id, file.id);
    throw err;
  }
}

export async function signReject(db: Db, token: string, note: string | null | undefined): Promise<{ state: number }> {
  return db.transaction(async (tx) => {
    const l = await linkOf(tx, token, true);
    const who = l.name ?? l.mobile;
    return rejectQuotation(tx as unknown as Db, {
      enterpriseId: l.enterprise_id,
      timeZone: l.time_zone,
      id: l.quotation_id,
      note: `客户拒绝（${who}，短信签字链接）${note ? `：${note}` : ''}`,
      guard: guardOf(l),
    });
  });
}
