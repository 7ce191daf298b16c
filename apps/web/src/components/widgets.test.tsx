import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from './testing';
import { ColumnChooser } from './ColumnChooser';
import { Elapsed } from './Elapsed';
import { EmptyState } from './EmptyState';
import { FileLink } from './FileLink';
import { FileSize } from './FileSize';
import { ImagePreview } from './ImagePreview';
import { LazyRender } from './LazyRender';
import { LogCard } from './LogCard';
import { PersonLink } from './PersonLink';
import { ScannerInput } from './ScannerInput';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

describe('ScannerInput', () => {
  it('turns fast keys into a scan that replaces the text; slow typing stays typing', () => {
    vi.useFakeTimers();
    const onScan = vi.fn();
    const onChange = vi.fn();
    render(<ScannerInput aria-label="条码" value="" onChange={onChange} onScan={onScan} />);
    const box = screen.getByLabelText('条码');
    for (const ch of 'AB') {
      fireEvent.keyDown(box, { key: ch });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(onScan).not.toHaveBeenCalled();
    for (const ch of '6901234567892') {
      fireEvent.keyDown(box, { key: ch });
      act(() => vi.advanceTimersByTime(5));
    }
    act(() => vi.advanceTimersByTime(30));
    expect(onScan).toHaveBeenCalledExactlyOnceWith('6901234567892');
    expect(onChange).toHaveBeenLastCalledWith('6901234567892');
  });

  it("stops a scan's Enter from submitting the form", () => {
    vi.useFakeTimers();
    const onScan = vi.fn();
    render(<ScannerInput aria-label="条码" onScan={onScan} />);
    const box = screen.getByLabelText('条码');
    for (const ch of 'SN0001') fireEvent.keyDown(box, { key: ch });
    const enter = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    act(() => void box.dispatchEvent(enter));
    expect(enter.defaultPrevented).toBe(true);
    expect(onScan).toHaveBeenCalledWith('SN0001');
  });
});

describe('ImagePreview', () => {
  it('toggles the dialog width between 40% and 100%', async () => {
    renderWithApp(<ImagePreview open src="/a.png" onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.style.width).toBe('40%');
    fireEvent.click(screen.getByTestId('image-preview-img'));
    expect((await screen.findByRole('dialog')).style.width).toBe('100%');
    fireEvent.click(screen.getByTestId('image-preview-img'));
    expect((await screen.findByRole('dialog')).style.width).toBe('40%');
  });
});

describe('FileLink', () => {
  it('shows an image as a thumbnail that opens the preview', async () => {
    renderWithApp(<FileLink url="/files/1/photo.JPG?x=1" />);
    fireEvent.click(screen.getByRole('img', { name: 'photo.JPG' }));
    expect(await screen.findByTestId('image-preview-img')).toBeTruthy();
  });

  it('shows a video as a play link that opens the file preview with 下载 and 全屏', async () => {
    renderWithApp(<FileLink url="/files/2" name="现场.mp4" />);
    fireEvent.click(screen.getByRole('button', { name: /现场\.mp4/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelector('video')?.getAttribute('src')).toBe('/files/2');
    const download = screen.getByRole('link', { name: /下\s*载/ });
    expect(download.getAttribute('href')).toBe('/files/2');
    fireEvent.click(screen.getByRole('button', { name: /全\s*屏/ }));
    expect((await screen.findByRole('dialog')).style.width).toBe('100vw');
    expect(screen.getByRole('button', { name: /退出全屏/ })).toBeTruthy();
  });

  it('shows other files as a download link', () => {
    renderWithApp(<FileLink url="/files/3" name="报价单.xlsx" />);
    const link = screen.getByRole('link', { name: /报价单\.xlsx/ });
    expect(link.getAttribute('href')).toBe('/files/3');
    expect(link.getAttribute('download')).toBe('报价单.xlsx');
  });
});

describe('LogCard', () => {
  it('lists each entry as time, who (系统 without a user), what and its note, in the given order', () => {
    render(
      <LogCard
        title="处理记录"
        lines={[
          { time: '2026-11-01 09:00:00', userName: '张派单', action: '受理', note: '已联系客户' },
          { time: '2026-11-01 10:00:00', userName: null, action: '超时提醒', note: null },
        ]}
      />,
    );
    expect(screen.getByText('处理记录')).toBeTruthy();
    const items = [...document.querySelectorAll('.ant-timeline-item')].map((i) => i.textContent);
    expect(items).toEqual(['2026-11-01 09:00:00 张派单 受理：已联系客户', '2026-11-01 10:00:00 系统 超时提醒']);
  });
});

describe('small helpers', () => {
  it('LazyRender waits 60 ms by default', () => {
    vi.useFakeTimers();
    render(<LazyRender fallback="等待">内容</LazyRender>);
    act(() => vi.advanceTimersByTime(59));
    expect(screen.queryByText('内容')).toBeNull();
    expect(screen.getByText('等待')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('内容')).toBeTruthy();
  });

  it('EmptyState says 暂无数据', () => {
    render(<EmptyState />);
    expect(screen.getByText('暂无数据', { selector: '.ant-empty-description' })).toBeTruthy();
  });

  it('Elapsed and FileSize use the shared wording', () => {
    const now = new Date('2024-05-15T12:00:00');
    render(
      <>
        <Elapsed time="2024-05-15 09:00:00" now={now} />
        <Elapsed time="2024-05-15 11:59:30" now={now} />
        <FileSize bytes={1536 * 1024} />
      </>,
    );
    expect(screen.getByText('3小时前').getAttribute('title')).toBe('2024/05/15 09:00');
    expect(screen.getByText('刚刚')).toBeTruthy();
    expect(screen.getByText('1.5MB')).toBeTruthy();
  });

  it('PersonLink links to the person detail page', () => {
    renderWithApp(<PersonLink id={42} name="张三" />);
    expect(screen.getByRole('link', { name: '张三' }).getAttribute('href')).toBe('/organizationalStructure/personneldetails/42');
  });
});

describe('ColumnChooser on its own', () => {
  const cols = [
    { key: 'a', title: '甲' },
    { key: 'b', title: '乙' },
    { key: 'c', title: '丙' },
  ];

  it('shows select-all as partly checked and answers the defaults for an empty choice', async () => {
    const onChange = vi.fn();
    renderWithApp(<ColumnChooser columns={cols} value={['a']} defaults={['a', 'b']} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: /列设置/ }));
    const all = await screen.findByLabelText('全选');
    expect(all.closest('.ant-checkbox')?.className).toContain('ant-checkbox-indeterminate');
    fireEvent.click(screen.getByLabelText('甲')); // unchecks the only one
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b']);
    fireEvent.click(all);
    expect(onChange).toHaveBeenLastCalledWith(['a', 'b', 'c']);
  });
});

describe('toast', () => {
  it('shows messages for 2000 ms', async () => {
    const { bindToast, toast } = await import('./toast');
    const api = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
    bindToast(api);
    toast.success('保存成功');
    toast.warning('未选中数据');
    expect(api.success).toHaveBeenCalledWith('保存成功', 2);
    expect(api.warning).toHaveBeenCalledWith('未选中数据', 2);
  });
});

describe('DateRangePicker', () => {
  it('answers a shortcut in dash format, whole days', async () => {
    const { DateRangePicker } = await import('./DateRangePicker');
    const dayjs = (await import('dayjs')).default;
    const onChange = vi.fn();
    renderWithApp(<DateRangePicker onChange={onChange} />);
    const start = screen.getAllByPlaceholderText('开始日期')[0]!;
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.click(start);
    fireEvent.click(await screen.findByText('昨天'));
    const y = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    expect(onChange).toHaveBeenLastCalledWith([`${y} 00:00:00`, `${y} 23:59:59`]);
  });

  it('shows a dash range as YYYY/MM/DD', () => {
    return import('./DateRangePicker').then(({ DateRangePicker }) => {
      renderWithApp(<DateRangePicker value={['2024-03-01 00:00:00', '2024-03-05 23:59:59']} />);
      expect((screen.getAllByPlaceholderText('开始日期')[0] as HTMLInputElement).value).toBe('2024/03/01');
      expect((screen.getAllByPlaceholderText('结束日期')[0] as HTMLInputElement).value).toBe('2024/03/05');
    });
  });
});
