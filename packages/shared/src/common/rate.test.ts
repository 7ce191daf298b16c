import { describe, expect, it } from 'vitest';
import * as shared from '../index';
import type { EndpointDef } from './contract';
import { HEAVY_PATHS, RATE_CLASSES, rateClassOf, TIGHT_PATHS } from './rate';

const contracts = (): { name: string; ep: EndpointDef }[] =>
  Object.entries(shared).flatMap(([group, v]) =>
    v && typeof v === 'object'
      ? Object.entries(v as Record<string, unknown>)
          .filter(([, ep]) => ep && typeof ep === 'object' && 'method' in ep && 'path' in ep)
          .map(([key, ep]) => ({ name: `${group}.${key}`, ep: ep as EndpointDef }))
      : [],
  );
const all = contracts();
const pathsOf = (cls: string) => [...new Set(all.filter((c) => rateClassOf(c.ep) === cls).map((c) => `${c.ep.method} ${c.ep.path}`))].sort();

describe('rate classes', () => {
  it('every rule of the tables names a path that exists', () => {
    const dead = [...TIGHT_PATHS, ...HEAVY_PATHS].filter((p) => !all.some((c) => (typeof p === 'string' ? p === c.ep.path : p.test(c.ep.path))));
    expect(dead).toEqual([]);
  });

  it('the tight class is what sends an SMS, answers a stranger’s link or creates an enterprise', () => {
    expect(pathsOf('tight')).toEqual([
      'POST /order/pdfSend',
      'POST /portal/link/login',
      'POST /portal/link/send',
      'POST /portal/scan/code',
      'POST /portal/scan/report',
      'POST /quotation/signLink',
      'POST /stand/enterprise',
      'POST /stand/sendCode',
      'POST /v2/returnvisitTask/sendSms',
    ]);
    expect(rateClassOf({ path: '/portal/scan/product', auth: 'public' })).toBe('anonymous');
  });

  it('every export, report and search is heavy', () => {
    const expensive = all.filter(({ ep }) => /(^|\/)(export|report|search)(\/|$)/i.test(ep.path) && !ep.path.startsWith('/search/plan'));
    expect(expensive.length).toBeGreaterThan(20);
    expect(
      expensive
        .filter(({ ep }) => !['heavy', 'tight'].includes(rateClassOf(ep)))
        .map((c) => c.name)
        .sort(),
    ).toEqual([
      // The report's query definitions and its catalogue are small reads and writes; running it is heavy.
      'reportsContract.catalogue',
      'reportsContract.queries',
      'reportsContract.queryCreate',
      'reportsContract.queryDelete',
      'reportsContract.queryUpdate',
      // A lookup of one serial number (scanned one after another at the warehouse), by its index.
      'sparesContract.oldSearch',
    ]);
  });

  it('a public endpoint is anonymous unless it is tight, heavy or says otherwise; the rest is people', () => {
    const publicOnes = all.filter(({ ep }) => ep.auth === 'public');
    const odd = publicOnes.filter(({ ep }) => rateClassOf(ep) === 'people').map((c) => c.name);
    // The telephony platform posts every seat's call events from one address.
    expect(odd).toEqual(['callsContract.event']);
    expect(all.filter(({ ep }) => ep.auth !== 'public' && rateClassOf(ep) === 'anonymous')).toEqual([]);
  });

  it('people are generous, strangers less, heavy and tight calls tight', () => {
    const perMinute = (c: keyof typeof RATE_CLASSES) => (RATE_CLASSES[c].max * 60) / RATE_CLASSES[c].windowSeconds;
    expect(perMinute('people')).toBeGreaterThan(perMinute('anonymous'));
    expect(perMinute('anonymous')).toBeGreaterThan(perMinute('heavy'));
    expect(perMinute('heavy')).toBeGreaterThan(perMinute('tight'));
  });
});
