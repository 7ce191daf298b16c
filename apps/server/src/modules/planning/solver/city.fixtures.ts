// A made-up city day for the solver's tests and the bench (bench/planning.ts): one city around 31.23 N 121.47 E,
// about 30 × 30 km, orders clustered in districts, some with 2–4 hour windows, SLA dues, engineers' bases spread out,
// some booked visits already, and skills and service areas so that not every engineer may take every order.
import { seededRandom } from './random';
import type { BookedVisit, PlanEngineer, PlanVisit, Point, Problem } from './types';
import { estimateTravel } from './travel';

const CENTER = { lat: 31.23, lng: 121.47 };
const KM_LAT = 1 / 111.32;
const KM_LNG = 1 / (111.32 * Math.cos((CENTER.lat * Math.PI) / 180));
const SKILLS = ['空调', '冰箱', '洗衣机', '热水器'];

export interface CityOptions {
  orders: number;
  engineers: number;
  seed: number;
  districts?: number;
}

export function cityProblem(opts: CityOptions): Problem {
  const random = seededRandom(opts.seed);
  const between = (lo: number, hi: number) => lo + random() * (hi - lo);
  const somewhere = (): Point => ({ lat: CENTER.lat + between(-15, 15) * KM_LAT, lng: CENTER.lng + between(-15, 15) * KM_LNG });
  const districts = Array.from({ length: opts.districts ?? 8 }, somewhere);
  // Orders fall about 1.5 km around their district's centre (a sum of uniforms: roughly normal).
  const nearDistrict = (): Point => {
    const d = districts[Math.floor(random() * districts.length)] as Point;
    const off = () => (random() + random() + random() - 1.5) * 2;
    return { lat: d.lat + off() * KM_LAT, lng: d.lng + off() * KM_LNG };
  };
  const skillOf = new Map<number, string>();
  const visits: PlanVisit[] = Array.from({ length: opts.orders }, (_, i) => {
    const id = 1000 + i;
    skillOf.set(id, SKILLS[Math.floor(random() * SKILLS.length)] as string);
    return cityVisit(id, nearDistrict(), random);
  });
  const skillsOf = new Map<number, string[]>();
  const areaOf = new Map<number, number>();
  const engineers: PlanEngineer[] = Array.from({ length: opts.engineers }, (_, i) => {
    const id = 1 + i;
    skillsOf.set(
      id,
      SKILLS.filter(() => random() < 0.7),
    );
    // One in five serves only within 10 km of his base.
    if (random() < 0.2) areaOf.set(id, 10);
    return cityEngineer(id, somewhere(), random, nearDistrict);
  });
  return {
    visits,
    engineers,
    travel: estimateTravel(),
    weights: { travel: 1, slaLate: 0.5, load: 1 },
    canServe: (e, v) => {
      if (!skillsOf.get(e.id)?.includes(skillOf.get(v.id) as string)) return '技能不符';
      const area = areaOf.get(e.id);
      if (area !== undefined && kmBetween(e.start, v.at) > area) return '不在服务区域';
      return null;
    },
  };
}

function cityVisit(id: number, at: Point, random: () => number): PlanVisit {
  const visit: PlanVisit = { id, at, serviceMinutes: 20 + 5 * Math.floor(random() * 9) };
  const r = random();
  visit.priority = r < 0.1 ? 1 : r < 0.3 ? 2 : 3;
  // Two in five have an appointment window of 2–4 hours starting 8:30–15:00.
  if (random() < 0.4) {
    const start = 510 + 30 * Math.floor(random() * 14);
    visit.window = { start, end: start + 60 * (2 + Math.floor(random() * 3)) };
  }
  // Dues from 11:00 to tomorrow: the urgent ones sooner.
  visit.dueMinute = visit.priority === 1 ? 660 + Math.floor(random() * 300) : 720 + Math.floor(random() * 1200);
  return visit;
}

function cityEngineer(id: number, base: Point, random: () => number, nearDistrict: () => Point): PlanEngineer {
  const booked: BookedVisit[] = [];
  // Three in ten have one or two visits booked already, at 10:00 or 14:00.
  if (random() < 0.3) {
    booked.push({ id: 100_000 + id * 10, at: nearDistrict(), start: 600, end: 660 });
    if (random() < 0.5) booked.push({ id: 100_000 + id * 10 + 1, at: nearDistrict(), start: 840, end: 900 });
  }
  return { id, start: base, shift: { start: 510, end: 1050 }, booked, dailyCap: random() < 0.5 ? 8 : 10 };
}

function kmBetween(a: Point, b: Point): number {
  return Math.hypot((a.lat - b.lat) / KM_LAT, (a.lng - b.lng) / KM_LNG);
}
