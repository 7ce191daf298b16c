import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
// Circular on purpose: users.provider_id points at org.ts; every cross-file reference is resolved lazily.
import { serviceProviders } from './org';

/** The tenant itself. Global: it is what enterprise_id points at. */
export const enterprises = pgTable('enterprises', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** 0 free, 1 VIP, 2 trial */
  isChargeUser: smallint('is_charge_user').notNull().default(0),
  tryoutType: smallint('tryout_type').notNull().default(0),
  epServiceExpireTime: ts('ep_service_expire_time'),
  buyPersonNum: integer('buy_person_num').notNull().default(10),
  packageName: text('package_name').notNull().default('免费版'),
  industry: text('industry'),
  saleChannels: text('sale_channels').notNull().default('1,2,3'),
  cropId: text('crop_id'),
  timeZone: text('time_zone').notNull().default('Asia/Shanghai'),
  /** Stored when seats exceed the package on a paid plan (spec part 1 §6). */
  versionMessage: text('version_message'),
  /** Registration progress in percent (GET /stand/enterprise/progress). */
  setupProgress: smallint('setup_progress').notNull().default(100),
  createdAt: createdAt(),
});

export const departments = pgTable(
  'departments',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    parentId: ref('parent_id'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.parentId], foreignColumns: [t.enterpriseId, t.id] }),
    index('departments_parent_idx').on(t.enterpriseId, t.parentId),
    // Sibling names are unique; top-level departments count as siblings of each other.
    uniqueIndex('departments_name_uq').on(t.enterpriseId, sql`coalesce(${t.parentId}, 0)`, t.name),
  ],
);

export const users = pgTable(
  'users',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    mobile: text('mobile').notNull(),
    name: text('name').notNull(),
    avatar: text('avatar'),
    email: text('email'),
    jobNumber: text('job_number'),
    deptId: ref('dept_id'),
    roles: smallint('roles').array().notNull().default(sql`'{}'::smallint[]`),
    sysrole: smallint('sysrole'),
    admin: boolean('admin').notNull().default(false),
    statusTagId: ref('status_tag_id'),
    enabled: boolean('enabled').notNull().default(true),
    passwordHash: text('password_hash'),
    pcVersion: smallint('pc_version').notNull().default(1),
    /** 0 staff; 1 outsourced (service-provider side) */
    userType: smallint('user_type').notNull().default(0),
    /** The service provider an outsourced user (user_type 1) works for. */
    providerId: ref('provider_id'),
    noviceGuideDone: boolean('novice_guide_done').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.deptId], foreignColumns: [departments.enterpriseId, departments.id] }),
    uniqueIndex('users_mobile_uq').on(t.enterpriseId, t.mobile).where(sql`deleted_at is null`),
    index('users_mobile_idx').on(t.mobile),
    index('users_dept_idx').on(t.enterpriseId, t.deptId),
    index('users_roles_idx').using('gin', t.roles),
    foreignKey({ columns: [t.enterpriseId, t.providerId], foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id] }),
    index('users_provider_idx').on(t.enterpriseId, t.providerId),
    index('users_type_idx').on(t.enterpriseId, t.userType, t.enabled).where(sql`deleted_at is null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    enterpriseId: enterpriseIdCol(),
    /** sha256 of the cookie token; the token itself is never stored. */
    id: text('id').notNull(),
    userId: ref('user_id').notNull(),
    csrfToken: text('csrf_token').notNull(),
    client: text('client').notNull().default('web'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('sessions_id_uq').on(t.id),
    foreignKey({ columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    index('sessions_user_idx').on(t.enterpriseId, t.userId),
  ],
);

/** Readable numbers (order and project numbers) come from per-enterprise counters. */
export const counters = pgTable(
  'counters',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.name] })],
);

/** SMS login codes. Global: a code belongs to a mobile before any enterprise is chosen. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose').notNull().default('login'),
    /** Wrong guesses so far; at the limit the code is spent. */
    fails: integer('fails').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.createdAt)],
);

/** Failed login attempts for rate limiting (per mobile and per IP). Global. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    mobile: text('mobile'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_mobile_idx').on(t.mobile, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

/** Security audit: logins, logouts, failed logins, refused permissions. Global (a failed login may have no enterprise). */
export const securityLog = pgTable(
  'security_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    enterpriseId: bigint('enterprise_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    mobile: text('mobile'),
    action: text('action').notNull(),
    detail: jsonb('detail'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('security_log_ep_idx').on(t.enterpriseId, t.createdAt)],
);
