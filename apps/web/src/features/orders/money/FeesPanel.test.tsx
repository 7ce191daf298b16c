import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/testing';
import { EvaluationPanel } from './EvaluationPanel';
import { FeesPanel } from './FeesPanel';

const fees = {
  orderId: 7,
  orderNo: 'GD20261122-0001',
  state: 4,
  editable: true,
  serviceItems: [],
  fees: [{ id: 1, itemId: 11, name: '材料费', unit: '件', price: 0.1, quantity: 1, amount: 0.1 }],
  serviceAmount: 0,
  feeAmount: 0.1,
  spareAmount: 0.2,
  otherAmount: 0,
  discountAmount: 0,
  receivableAmount: 0.3,
  paidAmount: 0,
  paymentMethod: null,
  paid: false,
  ext: {},
  moneyItems: [{ id: 11, name: '材料费', price: 0.1, unit: '件' }],
};
const evaluation = { orderId: 7, evaluated: false, canEvaluate: true, scores: null, comment: null, evaluateTime: null, evaluatorName: null };

let posted: { url: string; body: unknown }[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.method === 'POST') posted.push({ url, body: JSON.parse(String(init.body)) });
    const data = String(url).includes('evaluation') ? evaluation : fees;
    return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('FeesPanel', () => {
  it('shows the amounts and previews the receivable in cents while editing; a discount above the total blocks saving', { timeout: 30_000 }, async () => {
    renderWithApp(<FeesPanel orderId={7} />);
    expect((await screen.findByTestId('receivable', {}, { timeout: 15_000 })).textContent).toBe('¥0.30');
    // No discount: ¥0.00, not -¥0.00.
    expect(screen.getByTestId('discount').textContent).toBe('¥0.00');
    fireEvent.click(screen.getByRole('button', { name: /编辑费用/ }));
    // 0.1 × 3 + 0.2 spare = 0.50 exactly (no 0.30000000000000004).
    const qty = await screen.findByLabelText('材料费数量', {}, { timeout: 15_000 });
    fireEvent.change(qty, { target: { value: '3' } });
    await waitFor(() => expect(screen.getByTestId('fees-preview').textContent).toBe('应收合计：¥0.50'));
    fireEvent.change(screen.getByLabelText('优惠金额'), { target: { value: '9' } });
    await waitFor(() => expect(screen.getByTestId('fees-preview').textContent).toBe('优惠金额不能大于费用合计'));
    expect((screen.getByRole('button', { name: /保\s*存/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(posted).toEqual([]);
  });
});

describe('EvaluationPanel', () => {
  it('submits only when all four dimensions are scored', { timeout: 30_000 }, async () => {
    const { container } = renderWithApp(<EvaluationPanel orderId={7} />);
    const submit = (await screen.findByRole('button', { name: /提交评价/ }, { timeout: 15_000 })) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const rates = container.querySelectorAll('.ant-rate');
    expect(rates).toHaveLength(4);
    rates.forEach((r, i) => {
      const star = r.querySelectorAll('.ant-rate-star > div')[i === 0 ? 2 : 4] as HTMLElement;
      fireEvent.click(star);
    });
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({ orderId: 7, scores: [3, 5, 5, 5] });
  });
});
