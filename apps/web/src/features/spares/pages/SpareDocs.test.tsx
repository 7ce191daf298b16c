import type { SessionUserInfo } from '@sk/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubApi } from '../../../components/testing';
import { setSessionUser } from '../../../lib/session';
import { examinePath } from '../options';
import { SpareDocsPage } from './SpareDocs';

const row = (id: number, applicantId: number, state: number) => ({
  id,
  docNo: `DB20261123-${String(id - 10).padStart(4, '0')}`,
  kind: 2,
  state,
  fromWarehouseId: 3,
  fromWarehouseName: '总部中心仓',
  toWarehouseId: 4,
  toWarehouseName: '浦东仓',
  transferType: 1,
  orderId: null,
  applicantId,
  applicantName: applicantId === 7 ? '郑仓管' : '王工',
  approverName: null,
  approve_time: null,
  logistics: null,
  trackingNo: null,
  remark: '',
  summary: '压缩机×1',
  create_time: '2026-11-23 09:00:00',
});

beforeEach(() => {
  setSessionUser({ id: 7, name: '郑仓管', sysrole: 9, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  const list = [row(11, 7, 1), row(12, 8, 1), row(13, 8, 2)];
  stubApi({ '/spare/doc/list': { list, count: list.length }, '/list': [], '/count': 0 }, null);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setSessionUser(null);
});

describe('SpareDocsPage', () => {
  it('offers 审批 only on others’ waiting documents: the keeper’s own transfer reads 查看', { timeout: 30_000 }, async () => {
    renderWithApp(<SpareDocsPage kind={2} />);
    // The per-kind number links to the document (its id stays in the link only).
    const no = await screen.findByRole('link', { name: 'DB20261123-0003' }, { timeout: 15_000 });
    expect(no.getAttribute('href')).toBe(examinePath(13, 2));
    const hrefs = (name: string) => screen.getAllByRole('link', { name }).map((a) => a.getAttribute('href'));
    expect(hrefs('审批')).toEqual([examinePath(12, 2)]);
    expect(hrefs('查看')).toEqual([examinePath(11, 2), examinePath(13, 2)]);
  });
});
