import { FIXED_FIELDS, orderGroups } from '@sk/shared/forms/index';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../testing';
import { FormRenderer } from './FormRenderer';
import { type CheckOptions, type FormCheck, type FormDefinition, validateForm } from './formState';
import { field } from './testFields';
import { useFormRenderer } from './useFormRenderer';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared machine

afterEach(() => cleanup());

/** Generous waits: the suite shares two cores with everything else. */
const SLOW = { timeout: 5000 };

function Harness({ def, o = {}, onChecked }: { def: FormDefinition; o?: CheckOptions; onChecked?: (r: FormCheck) => void }) {
  const form = useFormRenderer(def, {}, o);
  const [result, setResult] = useState({ run: 0, text: '' });
  return (
    <>
      <FormRenderer {...form.props} />
      <button
        type="button"
        onClick={async () => {
          const r = await form.validate();
          onChecked?.(r);
          setResult((prev) => ({ run: prev.run + 1, text: r.ok ? `ok:${JSON.stringify(r.ext)}` : `fail:${r.error}` }));
        }}
      >
        检查
      </button>
      <output data-testid="result" data-run={result.run}>
        {result.text}
      </output>
    </>
  );
}

const plain = (fields: FormDefinition['fields'], extra: Partial<FormDefinition> = {}): FormDefinition => ({ fixedFields: [], fields, groups: [], ...extra });
/** Runs the check and answers its result: waits for this run's answer, not the one a previous check left on screen. */
const check = async () => {
  const output = screen.getByTestId('result');
  const run = Number(output.dataset.run);
  fireEvent.click(screen.getByRole('button', { name: '检查' }));
  await waitFor(() => expect(Number(output.dataset.run)).toBe(run + 1), SLOW);
  return output.textContent as string;
};
const typeInto = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('FormRenderer conditions', () => {
  const def = plain([
    field(1, '故障类型', 3, { options: ['异响', '其他'] }),
    field(2, '故障说明', 13, { condition: { field: '1', values: ['其他'] }, required: true }),
    field(3, '补充照片', 1, { condition: { field: '2', values: ['见附件'] } }),
  ]);

  it('shows a conditional field only while its controlling field has a matching value', async () => {
    renderWithApp(<Harness def={def} />);
    expect(screen.getByText('故障类型')).toBeTruthy();
    expect(screen.queryByText('故障说明')).toBeNull();
    fireEvent.click(screen.getByLabelText('其他'));
    expect(await screen.findByText('故障说明', {}, SLOW)).toBeTruthy();
    // a chain: the third field follows the second
    expect(screen.queryByText('补充照片')).toBeNull();
    typeInto('故障说明', '见附件');
    expect(await screen.findByText('补充照片', {}, SLOW)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('异响'));
    await waitFor(() => expect(screen.queryByText('故障说明')).toBeNull(), SLOW);
    expect(screen.queryByText('补充照片')).toBeNull();
  });

  it('does not ask for a required field that a condition hides, and drops its value', async () => {
    renderWithApp(<Harness def={def} />);
    fireEvent.click(screen.getByLabelText('其他'));
    typeInto(await screen.findByLabelText('故障说明').then(() => '故障说明'), '旧的说明');
    fireEvent.click(screen.getByLabelText('异响'));
    expect(await check()).toBe('ok:{"1":"异响"}');
  });

  it('leaves out fields visible to other roles only', () => {
    const byRole = plain([field(1, '内部备注', 1, { visibleRoles: [3] }), field(2, '公开说明', 1)]);
    renderWithApp(<FormRenderer definition={byRole} value={{ system: {}, ext: {} }} roles={[2]} />);
    expect(screen.queryByText('内部备注')).toBeNull();
    expect(screen.getByText('公开说明')).toBeTruthy();
  });
});

describe('FormRenderer required fields', () => {
  it('marks required fields and refuses to save them empty, naming the field on it', async () => {
    const def = plain([field(1, '数量', 2, { required: true }), field(2, '备注', 1)]);
    renderWithApp(<Harness def={def} />);
    const label = screen.getByText('数量').closest('label') as HTMLElement;
    expect(label.className).toContain('ant-form-item-required');
    expect((screen.getByText('备注').closest('label') as HTMLElement).className).not.toContain('ant-form-item-required');
    expect(await check()).toBe('fail:数量：不能为空');
    const item = screen.getByText('数量').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(item.className).toContain('ant-form-item-has-error'), SLOW);
    await waitFor(() => expect(item.textContent).toContain('数量：不能为空'), SLOW);
    typeInto('数量', '3');
    await waitFor(() => expect(item.className).not.toContain('ant-form-item-has-error'), SLOW);
    expect(await check()).toBe('ok:{"1":3}');
  });

  it('checks a required fixed field before the custom ones', async () => {
    const def: FormDefinition = { fixedFields: FIXED_FIELDS[1], fields: [field(5, '数量', 2, { required: true })], groups: orderGroups };
    renderWithApp(<Harness def={def} />);
    expect(await check()).toBe('fail:客户：不能为空');
  });

  it('explains a value of the wrong shape with the shared validator', async () => {
    const def = plain([field(1, '联系电话', 23)]);
    renderWithApp(<Harness def={def} />);
    typeInto('联系电话', '12345');
    expect(await check()).toBe('fail:联系电话：请输入正确的电话号码');
  });

  it('starts a new record from the field defaults', async () => {
    const def = plain([field(1, '来源', 3, { options: ['电话', '上门'], defaultValue: '电话' })]);
    renderWithApp(<Harness def={def} o={{ isNew: true }} />);
    expect((screen.getByLabelText('电话') as HTMLInputElement).checked).toBe(true);
    expect(await check()).toBe('ok:{"1":"电话"}');
  });
});

describe('FormRenderer formulas', () => {
  const def = plain([
    field(1, '数量', 2),
    field(2, '单价', 2),
    field(3, '金额', 19, { formula: '{1} * {2}', precision: 2 }),
    field(4, '均价', 19, { formula: '{3} / {1}' }),
  ]);

  it('evaluates formulas live as the numbers change, formulas of formulas too', async () => {
    renderWithApp(<Harness def={def} />);
    const amount = screen.getByLabelText('金额') as HTMLInputElement;
    // as on the server, a missing operand counts as null and null takes part as 0
    expect(amount.value).toBe('0');
    expect((screen.getByLabelText('均价') as HTMLInputElement).value).toBe('');
    expect(amount.readOnly).toBe(true);
    typeInto('数量', '4');
    typeInto('单价', '2.5');
    await waitFor(() => expect(amount.value).toBe('10'), SLOW);
    await waitFor(() => expect((screen.getByLabelText('均价') as HTMLInputElement).value).toBe('2.5'), SLOW);
    expect(await check()).toBe('ok:{"1":4,"2":2.5,"3":10,"4":2.5}');
  });

  it('leaves a division by zero empty', async () => {
    renderWithApp(<Harness def={def} />);
    typeInto('数量', '0');
    typeInto('单价', '3');
    await waitFor(() => expect((screen.getByLabelText('金额') as HTMLInputElement).value).toBe('0'), SLOW);
    expect((screen.getByLabelText('均价') as HTMLInputElement).value).toBe('');
  });
});

describe('FormRenderer layout', () => {
  it('renders order fields in their groups, in column order, fixed fields first', () => {
    const def: FormDefinition = {
      fixedFields: FIXED_FIELDS[1],
      fields: [field(1, '回执备注', 1, { group: 'orderReceipt' }), field(2, '产品型号', 1, { group: 'orderInfo' }), field(3, '杂项', 1)],
      groups: orderGroups,
    };
    renderWithApp(<FormRenderer definition={def} value={{ system: {}, ext: {} }} />);
    const sections = [...document.querySelectorAll('section[data-group]')].map((s) => [
      s.getAttribute('data-group'),
      [...s.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent),
    ]);
    expect(sections).toEqual([
      ['orderInfo', ['标题', '产品型号']],
      ['customerInfo', ['客户']],
      ['orderReceipt', ['回执备注']],
      ['other', ['杂项']],
    ]);
    expect(screen.getByText('工单信息')).toBeTruthy();
    expect(screen.queryByText('进度信息')).toBeNull(); // empty groups are left out
  });

  it('shows notes and plain values from the definition, and disables controls when read-only', () => {
    const def = plain([field(1, '注意', 14, { help: '请核对型号' }), field(2, '版本', 20, { defaultValue: 'V2' }), field(3, '型号', 1)]);
    renderWithApp(<FormRenderer definition={def} value={{ system: {}, ext: { 3: 'A1' } }} readOnly />);
    expect(screen.getByText('请核对型号')).toBeTruthy();
    expect(screen.getByText('V2')).toBeTruthy();
    expect((screen.getByLabelText('型号') as HTMLInputElement).disabled).toBe(true);
  });
});

describe('validateForm', () => {
  it('agrees with the server: hidden values dropped, formulas computed, role-hidden values kept', async () => {
    const def = plain([
      field(1, '类型', 3, { options: ['A', 'B'] }),
      field(2, '说明', 1, { condition: { field: '1', values: ['B'] } }),
      field(3, '内部', 1, { visibleRoles: [3] }),
      field(4, '两倍', 19, { formula: '{5} * 2' }),
      field(5, '数', 2),
    ]);
    const r = await act(() => validateForm(def, { system: {}, ext: { 1: 'A', 2: 'x', 5: 2 } }, { roles: [2], previous: { 3: '旧值' } }));
    expect(r).toEqual({ ok: true, system: {}, ext: { 1: 'A', 3: '旧值', 4: 4, 5: 2 } });
  });

  it("requiredLater (an order's 补充信息): a required field may stay empty, its value is still checked (issue 65, 9)", async () => {
    const def = plain([field(1, '故障类型', 3, { options: ['不制冷', '漏水'], required: true }), field(2, '现场照片', 26)]);
    const values = { system: {}, ext: {} };
    expect(await act(() => validateForm(def, values))).toMatchObject({ ok: false, error: '故障类型：不能为空' });
    expect(await act(() => validateForm(def, values, { requiredLater: true }))).toEqual({ ok: true, system: {}, ext: {} });
    const wrong = await act(() => validateForm(def, { system: {}, ext: { 1: '冒烟' } }, { requiredLater: true }));
    expect(wrong).toMatchObject({ ok: false, key: 'ext:1' });
  });
});
