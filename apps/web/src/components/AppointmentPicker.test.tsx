import { cleanup, fireEvent, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 30_000 });
import { AppointmentPicker, AppointmentText } from './AppointmentPicker';
import { renderWithApp } from './testing';

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

/** The time panel's columns (hours, minutes) of the open picker. */
const columns = () => [...document.querySelectorAll('.ant-picker-time-panel-column')].map((c) => [...c.querySelectorAll('li')].map((li) => li.textContent));

describe('AppointmentPicker', () => {
  it('offers the minutes in 5-minute steps (12, not 60) and no day before today', async () => {
    renderWithApp(<AppointmentPicker open aria-label="预约时间" />);
    await screen.findAllByText('此刻');
    const [hours, minutes] = columns();
    expect(hours).toHaveLength(24);
    expect(minutes).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
    const yesterday = dayjs().subtract(1, 'day').format('YYYY-MM-DD');
    const today = dayjs().format('YYYY-MM-DD');
    const cell = (d: string) => document.querySelector(`.ant-picker-cell[title="${d}"]`);
    if (cell(yesterday)) expect(cell(yesterday)?.className).toMatch(/ant-picker-cell-disabled/);
    expect(cell(today)?.className).not.toMatch(/ant-picker-cell-disabled/);
  });

  it('reads and writes the API’s text with whole minutes', async () => {
    const changed = vi.fn();
    renderWithApp(<AppointmentText open value="2030-03-04 09:35:00" onChange={changed} aria-label="预约时间" />);
    expect(((await screen.findByLabelText('预约时间')) as HTMLInputElement).value).toBe('2030-03-04 09:35');
    fireEvent.click(document.querySelector('.ant-picker-cell[title="2030-03-06"]')!);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(changed).toHaveBeenLastCalledWith('2030-03-06 09:35:00');
  });
});
