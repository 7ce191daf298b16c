import { type ExtField, presentExtValues } from '@sk/shared/forms/index';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../testing';
import { ExtFieldValue, ExtFieldView } from './ExtFieldView';
import { field } from './testFields';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => cleanup());

const ext = (type: number, tfvvalue: string, extra: Partial<ExtField> = {}): ExtField => ({
  id: 1,
  type,
  tfname: '字段',
  tfvvalue,
  ovalue: tfvvalue,
  fieldAttributeList: [],
  realPic: '',
  ...extra,
});

const shown = (f: ExtField) => {
  renderWithApp(
    <div data-testid="v">
      <ExtFieldValue field={f} />
    </div>,
  );
  return screen.getByTestId('v');
};

describe('ExtFieldValue display codes', () => {
  it.each([
    [7, '1', '是'],
    [7, '0', '否'],
    [16, '1', '是'],
    [16, '', '否'],
    [16, 'true', '否'], // only '1' means yes
  ])('type %i with %j shows %s', (type, value, text) => {
    expect(shown(ext(type, value)).textContent).toBe(text);
  });

  it('shows text-like types as their text and an empty value as -', () => {
    for (const t of [1, 2, 3, 4, 5, 6, 8, 9, 12, 13, 18, 19, 20, 23, 24, 25]) {
      expect(shown(ext(t, `值${t}`)).textContent).toBe(`值${t}`);
      cleanup();
    }
    expect(shown(ext(1, '')).textContent).toBe('-');
  });

  it('shows the first comma value of a position (11)', () => {
    expect(shown(ext(11, '上海市浦东新区,121.5,31.2')).textContent).toBe('上海市浦东新区');
  });

  it('shows pictures (10, 26) from the comma list, each opening a preview', () => {
    const box = shown(ext(26, '', { realPic: '/api/upload/file/7,/api/upload/file/8', tfname: '现场照片' }));
    const imgs = within(box).getAllByRole('img');
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual(['/api/upload/file/7', '/api/upload/file/8']);
    fireEvent.click(imgs[1] as HTMLElement);
    expect(screen.getByTestId('image-preview-img').getAttribute('src')).toBe('/api/upload/file/8');
    cleanup();
    expect(
      within(shown(ext(10, '/api/upload/file/3')))
        .getByRole('img')
        .getAttribute('src'),
    ).toBe('/api/upload/file/3');
  });

  it('shows a signature (21) as its image', () => {
    const box = shown(ext(21, '/api/upload/file/9', { realPic: '/api/upload/file/9', tfname: '客户签名' }));
    expect(within(box).getByRole('img', { name: '客户签名1' }).getAttribute('src')).toBe('/api/upload/file/9');
  });

  it('shows a rating (22) as stars', () => {
    const box = shown(ext(22, '3', { fieldAttributeList: [{ type: 'stars', value: '5' }] }));
    expect(box.querySelectorAll('.ant-rate-star')).toHaveLength(5);
    expect(box.querySelectorAll('.ant-rate-star-full')).toHaveLength(3);
  });

  it('shows a hyperlink (17) as its text linking to its address', () => {
    const box = shown(ext(17, 'https://example.com/a', { fieldAttributeList: [{ type: 'text', value: '说明书' }] }));
    const a = within(box).getByRole('link', { name: '说明书' });
    expect(a.getAttribute('href')).toBe('https://example.com/a');
    expect(box.textContent).toContain('https://example.com/a');
  });

  it('shows files (15) by name, a note (14) as text, and a link (30) to the related record', () => {
    const files = shown(ext(15, '/api/upload/file/4', { fieldAttributeList: [{ type: 'file', value: '合同.pdf' }] }));
    expect(
      within(files)
        .getByRole('link', { name: /合同\.pdf/ })
        .getAttribute('href'),
    ).toBe('/api/upload/file/4');
    cleanup();
    expect(shown(ext(14, '请核对型号')).textContent).toBe('请核对型号');
    cleanup();
    const link = shown(
      ext(30, '12', {
        ovalue: 12,
        fieldAttributeList: [
          { type: 'linkKind', value: 'order' },
          { type: 'linkName', value: '工单12' },
        ],
      }),
    );
    expect(within(link).getByRole('link', { name: '工单12' }).getAttribute('href')).toBe('/allOrder/orderDetail/12');
  });
});

describe('ExtFieldView', () => {
  it('lists a record presented by the shared presenter, in field order, conditions applied', () => {
    const fields = [
      field(1, '故障类型', 3, { options: ['漏水', '其他'] }),
      field(2, '故障说明', 13, { condition: { field: '1', values: ['其他'] } }),
      field(3, '是否在保', 7),
      field(4, '数量', 2),
      field(5, '金额', 19, { formula: '{4} * 10' }),
    ];
    const values = presentExtValues(fields, { 1: '漏水', 2: '不会显示', 3: '1', 4: 2, 5: 20 });
    renderWithApp(<ExtFieldView fields={values} />);
    const labels = [...document.querySelectorAll('.ant-descriptions-item-label')].map((l) => l.textContent);
    expect(labels).toEqual(['故障类型', '是否在保', '数量', '金额']);
    const contents = [...document.querySelectorAll('.ant-descriptions-item-content')].map((l) => l.textContent);
    expect(contents).toEqual(['漏水', '是', '2', '20']);
  });
});
