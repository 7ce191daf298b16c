// The dispatch assistant's planner (issue 63): npx tsx bench/planning.ts. No database: a made-up city day
// (apps/server/src/modules/planning/solver/city.fixtures.ts) planned by the greedy baseline and by solveDay, at
// 60 orders × 20 engineers and 300 × 50. Goals: 60 × 20 planned within 2 s, 300 × 50 within 10 s, and travel at least
// 20 % below greedy's with no more orders left unplaced. Exits non-zero when one is missed.
import { cityProblem } from '../apps/server/src/modules/planning/solver/city.fixtures';
import { greedyPlan } from '../apps/server/src/modules/planning/solver/greedy';
import { solveDay } from '../apps/server/src/modules/planning/solver/plan';
import type { Plan, Problem } from '../apps/server/src/modules/planning/solver/types';
import { runAlone } from './alone';

const SEED = Number(process.env.BENCH_PLANNING_SEED ?? 1);

interface Case {
  orders: number;
  engineers: number;
  timeLimitMs: number;
  goalMs: number;
}

const CASES: Case[] = [
  { orders: 60, engineers: 20, timeLimitMs: 1500, goalMs: 2000 },
  { orders: 300, engineers: 50, timeLimitMs: 8000, goalMs: 10_000 },
];

export interface PlanningRow {
  size: string;
  planner: string;
  plan: Plan;
  ms: number;
  goal: string;
  met: boolean;
}

function timed(run: () => Plan): { plan: Plan; ms: number } {
  const t0 = performance.now();
  const plan = run();
  return { plan, ms: performance.now() - t0 };
}

function caseRows(c: Case, problem: Problem): PlanningRow[] {
  const size = `${c.orders} × ${c.engineers}`;
  const greedy = timed(() => greedyPlan(problem));
  const solved = timed(() => solveDay(problem, { seed: SEED, timeLimitMs: c.timeLimitMs }));
  const saving = 1 - solved.plan.km / greedy.plan.km;
  const fewerLeft = solved.plan.unplaced.length <= greedy.plan.unplaced.length;
  const fast = solved.ms <= c.goalMs;
  const good = saving >= 0.2 && fewerLeft;
  return [
    { size, planner: 'greedy', ...greedy, goal: '-', met: true },
    {
      size,
      planner: `solveDay ${c.timeLimitMs / 1000} s`,
      ...solved,
      goal: `≤ ${c.goalMs / 1000} s: ${fast ? 'met' : 'missed'}; km −${(saving * 100).toFixed(0)} % (≥ 20 %): ${good ? 'met' : 'missed'}`,
      met: fast && good,
    },
  ];
}

export function planningScenario(): PlanningRow[] {
  // A small plan first: the measured ones run on compiled code, as in the long-running server.
  solveDay(cityProblem({ orders: 60, engineers: 20, seed: SEED + 1 }), { seed: SEED, timeLimitMs: 300 });
  return CASES.flatMap((c) => caseRows(c, cityProblem({ orders: c.orders, engineers: c.engineers, seed: SEED })));
}

export function printPlanning(rows: PlanningRow[]): void {
  console.info(`Planning (issue 63): one city day, seed ${SEED}; greedy vs solveDay`);
  console.table(
    rows.map((r) => ({
      size: r.size,
      planner: r.planner,
      km: r.plan.km,
      minutes: r.plan.minutes,
      'SLA misses': r.plan.slaMisses,
      unplaced: r.plan.unplaced.length,
      'plan ms': r.ms.toFixed(0),
      goal: r.goal,
    })),
  );
  if (rows.some((r) => !r.met)) {
    console.info('Planning: a goal was missed');
    process.exitCode = 1;
  }
}

// Alone (npx tsx bench/planning.ts); npm run bench imports planningScenario instead.
runAlone(import.meta, async () => printPlanning(planningScenario()));
