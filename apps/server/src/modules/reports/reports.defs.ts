import type { ReportId } from '@sk/shared';

/**
 * Each standard report's measures from its summed aggregates (what each aggregate counts: defs.repo.ts). Every
 * aggregate is a count or a sum, so the total row's measures come from the rows' sums and a rate from sums.
 */
export type ReportValues = (a: Record<string, number>) => Record<string, number | null>;

const rate = (part: number, whole: number): number | null => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
const yuan = (cents: number): number => Math.round(cents) / 100;
const round1 = (n: number): number => Math.round(n * 10) / 10;

export const REPORT_VALUES: Record<ReportId, ReportValues> = {
  orderVolume: (a) => ({ orders: a.orders ?? 0, completed: a.completed ?? 0, cancelled: a.cancelled ?? 0, open: a.open ?? 0 }),
  slaAttainment: (a) => ({ measured: a.measured ?? 0, met: a.met ?? 0, breached: a.breached ?? 0, rate: rate(a.met ?? 0, a.measured ?? 0) }),
  firstFix: (a) => {
    const completed = a.completed ?? 0;
    const repeat = a.repeat ?? 0;
    return { completed, fixed: completed - repeat, repeat, rate: rate(completed - repeat, completed) };
  },
  utilisation: (a) => {
    const completed = a.completed ?? 0;
    const hours = a.hours ?? 0;
    return { completed, hours: round1(hours), avgHours: completed > 0 ? round1(hours / completed) : null };
  },
  parts: (a) => ({ orders: a.orders ?? 0, quantity: a.quantity ?? 0, warrantyCost: yuan(a.warranty ?? 0), charged: yuan(a.charged ?? 0) }),
  visitPass: (a) => ({ tasks: a.tasks ?? 0, reached: a.reached ?? 0, passed: a.passed ?? 0, rate: rate(a.passed ?? 0, a.reached ?? 0) }),
  complaintRate: (a) => ({
    completed: a.completed ?? 0,
    complained: a.complained ?? 0,
    complaints: a.complaints ?? 0,
    rate: rate(a.complained ?? 0, a.completed ?? 0),
  }),
  providerFees: (a) => ({ orders: a.orders ?? 0, fees: yuan(a.fees ?? 0), penalties: yuan(a.penalties ?? 0) }),
};
