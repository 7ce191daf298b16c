import { Worker } from 'node:worker_threads';
import { discountText, yuanText } from '@sk/shared';
import type { ReportModel } from './report.service';

/**
 * The service report as a PDF (pdfmake over pdfkit), in Chinese with Noto Sans Hans (Simplified
 * Chinese, GB2312 coverage; OFL) from the @embedpdf/fonts-sc package, embedded as a subset.
 */

const money = yuanText;
const dash = (s: string | null | undefined) => (s == null || s === '' ? '—' : s);
const dataUrl = (b: Buffer) => `data:image/${b[0] === 0x89 ? 'png' : 'jpeg'};base64,${b.toString('base64')}`;

const section = (text: string) => ({ text, style: 'section' });
/** A two-column grid of label/value pairs. */
function pairs(items: [string, string | null | undefined][]) {
  const body: unknown[][] = [];
  for (let i = 0; i < items.length; i += 2) {
    const row = items.slice(i, i + 2).flatMap(([k, v]) => [{ text: k, style: 'label' }, dash(v)]);
    while (row.length < 4) row.push('');
    body.push(row);
  }
  return { table: { widths: [64, '*', 64, '*'], body }, layout: 'lightHorizontalLines' };
}

function feesTable(m: ReportModel) {
  const f = m.fees;
  const lines = [...f.serviceItems.map((l) => ({ ...l, kind: '服务项目' })), ...f.fees.map((l) => ({ ...l, kind: '收费项目' }))];
  const body: unknown[][] = [
    [
      { text: '类别', style: 'th' },
      { text: '名称', style: 'th' },
      { text: '单价', style: 'th' },
      { text: '数量', style: 'th' },
      { text: '金额', style: 'th', alignment: 'right' },
    ],
  ];
  for (const l of lines) body.push([l.kind, l.name, money(l.price), `${l.quantity}${l.unit}`, { text: money(l.amount), alignment: 'right' }]);
  if (lines.length === 0) body.push([{ text: '无服务项目和收费项目', colSpan: 5, color: '#888' }, '', '', '', '']);
  const sum = (label: string, v: string, bold = false) => [
    { text: label, colSpan: 4, alignment: 'right', bold },
    '',
    '',
    '',
    { text: v, alignment: 'right', bold },
  ];
  body.push(
    sum('备件金额', money(f.spareAmount)),
    sum('其他金额', money(f.otherAmount)),
    sum('优惠金额', discountText(f.discountAmount)),
    sum('应收合计', money(f.receivableAmount), true),
  );
  if (f.paid) body.push(sum(`已收款${m.paymentMethod ? `（${m.paymentMethod}）` : ''}`, money(f.paidAmount)));
  return { table: { headerRows: 1, widths: [56, '*', 70, 56, 80], body }, layout: 'lightHorizontalLines' };
}

/** The spare parts used: what went in, what came out, free under warranty or charged. */
function partsTable(m: ReportModel) {
  const body: unknown[][] = [
    [
      { text: '备件', style: 'th' },
      { text: '数量', style: 'th' },
      { text: '换下序列号', style: 'th' },
      { text: '换上序列号', style: 'th' },
      { text: '费用', style: 'th', alignment: 'right' },
    ],
  ];
  for (const p of m.parts) {
    body.push([
      `${p.name}（${p.code}）`,
      `${p.quantity}${p.unit ?? ''}`,
      dash(p.serialOut),
      dash(p.serialIn),
      { text: p.chargeable ? money(p.amount) : m.warranty?.state === 3 ? '延保免费' : '保内免费', alignment: 'right' },
    ]);
  }
  return { table: { headerRows: 1, widths: ['*', 48, 90, 90, 64], body }, layout: 'lightHorizontalLines' };
}

/** What the customer's signature confirms, printed above it. */
export const SIGNATURE_CONFIRMS = '客户确认：以上服务内容及费用已确认无误。';

/**
 * The signature with its heading and the sentence it confirms, as one block that never breaks: pdfmake moves the whole
 * block to the next page rather than leaving the heading at the foot of one page and the signature alone on the next.
 */
export function signatureBlock(m: Pick<ReportModel, 'signatures'>): Record<string, unknown> {
  const signed = m.signatures.length
    ? { columns: m.signatures.map((b) => ({ image: dataUrl(b), fit: [200, 80] })), columnGap: 12 }
    : { text: '（未签名）', color: '#888' };
  return { stack: [section('客户签名'), { text: SIGNATURE_CONFIRMS, margin: [0, 0, 0, 6] }, signed], unbreakable: true };
}

export function reportDoc(m: ReportModel): Record<string, unknown> {
  const content: unknown[] = [
    { text: m.enterpriseName, style: 'enterprise' },
    { text: '服务报告', style: 'title' },
    { text: `工单编号：${m.orderNo}    打印时间：${m.printedAt}`, style: 'meta' },
    section('工单信息'),
    pairs([
      ['工单标题', m.title],
      ['工单类型', m.typeName],
      ['工单状态', m.stateLabel],
      ['优先级', m.priority],
      ['创建时间', m.createTime],
      ['预约时间', m.appointmentTime],
      ['完成时间', m.finishTime],
      ['服务人员', [m.serviceUser, ...m.collaborators].filter(Boolean).join('、') || null],
    ]),
    ...(m.detailDesc ? [{ text: [{ text: '详细描述：', style: 'label' }, m.detailDesc], margin: [0, 4, 0, 0] }] : []),
    section('客户信息'),
    pairs([
      ['客户名称', m.customer.name],
      ['企业名称', m.customer.company],
      ['联系人', m.customer.contact],
      ['联系电话', m.customer.phone],
      ['服务地址', m.customer.address],
      ['产品', m.customer.product],
      ['保修状态', m.customer.product ? (m.warranty?.text ?? null) : null],
    ]),
    section('服务项目与费用'),
    feesTable(m),
    ...(m.parts.length ? [section('使用备件'), partsTable(m)] : []),
  ];
  if (m.receipt.length || m.notes.length) {
    content.push(section('服务记录'));
    for (const r of m.receipt) content.push({ text: [{ text: `${r.name}：`, style: 'label' }, r.value], margin: [0, 2] });
    for (const n of m.notes) content.push({ text: [{ text: `${n.time} ${n.who}：`, style: 'label' }, n.text], margin: [0, 2] });
  }
  if (m.photos.length) {
    content.push(section('现场照片'));
    const cells = m.photos.map((b) => ({ image: dataUrl(b), fit: [160, 120], margin: [0, 4] }));
    const rowsOf: unknown[][] = [];
    for (let i = 0; i < cells.length; i += 3) rowsOf.push([...cells.slice(i, i + 3), '', ''].slice(0, 3));
    content.push({ table: { widths: ['*', '*', '*'], body: rowsOf }, layout: 'noBorders' });
  }
  if (m.evaluation) {
    content.push(section('客户评价'));
    content.push(pairs(m.evaluation.map((e) => [e.dimension, `${'★'.repeat(e.score)}${'☆'.repeat(5 - e.score)} ${e.score}分`] as [string, string])));
    if (m.evaluationComment) content.push({ text: [{ text: '评价内容：', style: 'label' }, m.evaluationComment], margin: [0, 4, 0, 0] });
  }
  content.push(signatureBlock(m));
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 48],
    info: { title: `服务报告 ${m.orderNo}`, creator: '服务管家' },
    defaultStyle: { font: 'NotoSans', fontSize: 10, lineHeight: 1.3 },
    styles: {
      enterprise: { fontSize: 11, color: '#555', alignment: 'center' },
      title: { fontSize: 20, bold: true, alignment: 'center', margin: [0, 4, 0, 4] },
      meta: { fontSize: 9, color: '#666', alignment: 'center', margin: [0, 0, 0, 8] },
      section: { fontSize: 12, bold: true, color: '#1677ff', margin: [0, 12, 0, 4] },
      label: { color: '#666' },
      th: { bold: true, color: '#333' },
    },
    // the page footer is added in the worker (a function does not cross the thread boundary)
    content,
  };
}

/**
 * One worker thread renders every report, one after another (pdfmake is synchronous and CPU-bound): the event
 * loop stays free for other requests. Started on the first report; an idle worker does not keep the process alive.
 */
let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();

function reportWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./report.worker.mjs', import.meta.url));
  w.unref();
  w.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
    const p = waiting.get(m.id);
    waiting.delete(m.id);
    if (m.pdf) p?.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
    else p?.reject(new Error(m.error ?? 'report failed'));
  });
  w.on('error', (err: Error) => failAll(err));
  w.on('exit', () => {
    worker = null;
    failAll(new Error('report worker stopped'));
  });
  worker = w;
  return w;
}

function failAll(err: Error): void {
  for (const p of waiting.values()) p.reject(err);
  waiting.clear();
}

export function renderReport(m: ReportModel): Promise<Buffer> {
  const id = ++nextId;
  return new Promise<Buffer>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    reportWorker().postMessage({ id, doc: reportDoc(m) });
  });
}
