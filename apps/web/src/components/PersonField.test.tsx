import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PersonField } from './PersonField';
import { renderWithApp } from './testing';

vi.setConfig({ testTimeout: 30_000 });

let asked: string[] = [];
beforeEach(() => {
  asked = [];
  // The server's answer to GET /api/user/names/:ids: the names of the ids it knows.
  const known: Record<number, string> = { 7: '周建华', 9: '吴志强' };
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(String(url));
    const ids = decodeURIComponent(String(url).split('/user/names/')[1] ?? '')
      .split(',')
      .map(Number);
    const data = ids.filter((id) => known[id]).map((id) => ({ id, name: known[id] }));
    return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (id: number, name = '') => ({ id, name, mobile: '', department_name: null });

describe('PersonField', () => {
  it('a choice that came by id alone (a drill-down) shows the name the server gives', async () => {
    renderWithApp(<PersonField value={[person(7)]} />);
    expect(await screen.findByText('周建华')).toBeTruthy();
    expect(asked.some((u) => u.includes('/user/names/7'))).toBe(true);
  });

  it('an id the server does not name stays shown by its number; named choices ask nothing', async () => {
    renderWithApp(<PersonField value={[person(9, '吴志强'), person(5)]} />);
    expect(screen.getByText('吴志强')).toBeTruthy();
    expect(await screen.findByText('#5')).toBeTruthy();
    expect(asked.every((u) => u.includes('/user/names/5'))).toBe(true);
  });
});
