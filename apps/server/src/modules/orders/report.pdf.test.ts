import { describe, expect, it } from 'vitest';
import { reportDoc, SIGNATURE_CONFIRMS } from './report.pdf';
import type { ReportModel } from './report.service';

// The service report's layout: the customer's signature is the report's last block, one that pdfmake never breaks, with
// its heading and the sentence it confirms above it (issue 65, 9: the signature sat alone on the second page).

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const fees = { serviceItems: [], fees: [], spareAmount: 0, otherAmount: 0, discountAmount: 0, receivableAmount: 0, paid: false, paidAmount: 0 };

function model(signatures: Buffer[]): ReportModel {
  return {
    enterpriseName: '演示企业',
    orderNo: 'GD20261129-0001',
    title: '空调不制冷',
    stateLabel: '已完成',
    typeName: '标准工单',
    priority: '普通',
    createTime: '2026-11-29 09:00:00',
    appointmentTime: null,
    finishTime: '2026-11-29 11:00:00',
    customer: { name: '上海星河科技有限公司', contact: '张伟', phone: '13816612301', address: null, company: null, product: null },
    warranty: null,
    serviceUser: '李服务',
    collaborators: [],
    detailDesc: null,
    fees: fees as unknown as ReportModel['fees'],
    parts: [],
    paymentMethod: null,
    notes: Array.from({ length: 40 }, (_, i) => ({ time: '2026-11-29 10:00', who: '李服务', text: `第${i + 1}条服务记录` })),
    receipt: [],
    photos: [],
    signatures,
    evaluation: null,
    evaluationComment: null,
    printedAt: '2026-11-29 12:00:00',
  };
}

type Block = { stack?: unknown[]; unbreakable?: boolean; text?: unknown; columns?: { image: string }[] };
const lastBlock = (m: ReportModel) => {
  const content = reportDoc(m).content as Block[];
  return content[content.length - 1] as Block;
};

describe('the service report PDF', () => {
  it('keeps the signature with its heading and the sentence it confirms, in one block that does not break', () => {
    const block = lastBlock(model([PNG, PNG]));
    expect(block.unbreakable).toBe(true);
    const [heading, confirms, signed] = block.stack as Block[];
    expect(heading?.text).toBe('客户签名');
    expect(confirms?.text).toBe(SIGNATURE_CONFIRMS);
    expect(signed?.columns?.map((c) => c.image.slice(0, 22))).toEqual(['data:image/png;base64,', 'data:image/png;base64,']);
  });

  it('says 未签名 in the same block when nobody signed', () => {
    const block = lastBlock(model([]));
    expect(block.unbreakable).toBe(true);
    expect((block.stack as Block[]).map((b) => b.text)).toEqual(['客户签名', SIGNATURE_CONFIRMS, '（未签名）']);
  });
});
