// The demo's fixed parts: its enterprises and users, and the shape of a demo step. A leaf file, so the steps
// (modules/demo.ts and the areas' *.demo.ts) and the seeder import it without a circle.
import type { Industry } from '@sk/shared';
import type { Tx } from '../../db/client';
import type { Storage } from '../storage';

/** Demo-only data (sample customers, orders …) added after the defaults; every step is listed in `modules/demo.ts`. */
export interface DemoStep {
  name: string;
  /** Steps whose data this one uses: they come earlier in `DEMO_STEPS` (seed.test checks it). */
  after?: string[];
  run(tx: Tx, enterpriseId: number, ctx?: DemoContext): Promise<void>;
}
/** What a demo step may need beyond the database: where files go (the demo's signature images). */
export interface DemoContext {
  /** DATA_DIR; without it no files are written (and steps skip what needs them). */
  dataDir?: string;
  /** Where the files go when not on local disk under DATA_DIR (STORAGE=s3); takes precedence over dataDir. */
  storage?: Storage;
}
export const DEMO_ROLE_NAMES = ['张派单', '李服务', '王管理', '赵员工', '钱销售', '孙受理', '周回访', '吴财务', '郑仓管', '冯总监'];

export interface DemoEnterprise {
  name: string;
  isChargeUser: number;
  tryoutType: number;
  days: number | null;
  packageName: string;
  buyPersonNum: number;
  industry: Industry;
  users: { mobile: string; name: string; roles: number[]; admin: boolean }[];
}

export const DEMO_ENTERPRISES: DemoEnterprise[] = [
  {
    name: '演示企业',
    isChargeUser: 1,
    tryoutType: 0,
    days: 365,
    packageName: 'VIP版',
    buyPersonNum: 100,
    industry: 'manufacturing',
    users: [
      ...DEMO_ROLE_NAMES.map((name, i) => ({
        mobile: `138000000${String(i + 1).padStart(2, '0')}`,
        name,
        roles: [i + 1],
        admin: i + 1 === 3,
      })),
      // A second finance user: the one who approves what 吴财务 issues (nobody approves his own statement).
      { mobile: '13830000001', name: '陈财务', roles: [8], admin: false },
    ],
  },
  {
    name: '免费体验企业',
    isChargeUser: 0,
    tryoutType: 0,
    days: null,
    packageName: '免费版',
    buyPersonNum: 10,
    industry: 'service',
    users: [{ mobile: '13900000003', name: '免费管理员', roles: [3], admin: true }],
  },
  {
    name: '试用企业',
    isChargeUser: 2,
    tryoutType: 1,
    days: 15,
    packageName: '试用版',
    buyPersonNum: 10,
    industry: 'property',
    users: [{ mobile: '13700000003', name: '试用管理员', roles: [3], admin: true }],
  },
];
