import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
// Outsourcing partners live here beside users: users.provider_id points at them (no circle with org.ts).

/** A WAL position ('16/B374D848'), as PostgreSQL's pg_lsn (compared by position, not as text). */
const pgLsn = customType<{ data: string }>({ dataType: () => 'pg_lsn' });

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
  /** Stored when seats exceed the package on a paid plan. */
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

/** Outsourcing partners; their users have users.user_type = 1 and users.provider_id set. */
export const serviceProviders = pgTable(
  'service_providers',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    /** 1 outsourcing, 3 authorised service provider, 4 authorised service platform */
    partnerType: smallint('partner_type').notNull().default(1),
    /** The primary contact's name and phone, kept in step with service_provider_contacts (lists and pickers read these). */
    linkman: text('linkman'),
    phone: text('phone'),
    address: text('address'),
    serviceArea: text('service_area'),
    /** 服务区域 as area codes (2-digit province, 4-digit city or 6-digit district) of the offline area table. */
    regionCodes: text('region_codes').array().notNull().default(sql`'{}'::text[]`),
    /** 产品线: product categories served, as product_models.category spells them. */
    productLines: text('product_lines').array().notNull().default(sql`'{}'::text[]`),
    /** 开户银行, 开户名, 银行账号 (digits only); lists show the account masked. */
    bankName: text('bank_name'),
    bankAccountName: text('bank_account_name'),
    bankAccount: text('bank_account'),
    remark: text('remark'),
    enabled: boolean('enabled').notNull().default(true),
    /** 结算系数 in hundredths (100 = 1.00): the standard's amount times this prices the provider's orders (docs/settlement.md). */
    coefficientPct: integer('coefficient_pct').notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('service_providers_name_uq').on(t.enterpriseId, t.name),
    index('service_providers_type_idx').on(t.enterpriseId, t.partnerType, t.enabled),
  ],
);

/** A provider's contacts: name, phone, position; exactly one is primary (its name and phone are the provider's linkman and phone). */
export const serviceProviderContacts = pgTable(
  'service_provider_contacts',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    providerId: ref('provider_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    position: text('position'),
    isPrimary: boolean('is_primary').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'service_provider_contacts_provider_fk',
      columns: [t.enterpriseId, t.providerId],
      foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id],
    }).onDelete('cascade'),
    index('service_provider_contacts_provider_idx').on(t.enterpriseId, t.providerId, t.sort),
    uniqueIndex('service_provider_contacts_primary_uq').on(t.enterpriseId, t.providerId).where(sql`is_primary`),
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
    /**
     * The name's lower-cased single characters and character pairs (pairs at even and at odd offsets), for the
     * keyword search (docs/lists.md "Text search"). Generated by the database, so every write of the name keeps it
     * current; chr(1) only separates the pairs while splitting. Keep the expression on one line: drizzle-kit writes a
     * multi-line one as an empty `GENERATED ALWAYS AS ()`.
     */
    searchGrams: text('search_grams')
      .array()
      .generatedAlwaysAs(
        sql`regexp_split_to_array(lower(name), '') || regexp_split_to_array(regexp_replace(lower(name), '(..)', '\\1' || chr(1), 'g'), chr(1)) || regexp_split_to_array(regexp_replace(substr(lower(name), 2), '(..)', '\\1' || chr(1), 'g'), chr(1))`,
      ),
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
    // The user list and pickers: live users by id, with the list's filters after the id so a page (any page) and
    // its count are read from the index alone (no INCLUDE in drizzle; trailing keys after a unique id change no order).
    index('users_list_idx').on(t.enterpriseId, t.id, t.deptId, t.roles, t.enabled, t.userType, t.providerId).where(sql`deleted_at is null`),
    index('users_enabled_idx').on(t.enterpriseId, t.enabled, t.id).where(sql`deleted_at is null`),
    index('users_mobile_prefix_idx').on(t.enterpriseId, t.mobile.op('text_pattern_ops')).where(sql`deleted_at is null`),
    index('users_grams_idx').using('gin', t.searchGrams),
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
    /** WAL position after the session's last writing request: its reads use the primary until a replica has replayed it. */
    writeLsn: pgLsn('write_lsn'),
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

/**
 * API rate-limit counters shared by every app instance (platform/rate-limit.ts): one row per class and caller
 * ('people:u12.345' a user, 'anonymous:a203.0.113.9' an address), its hits in the window that started at `started_at`.
 * A hit is one upsert; a row past its window starts over. Global (an address has no enterprise). Unlogged
 * (db/derived.ts): counters are not worth a WAL flush per request, and a crash may forget them.
 */
export const rateHits = pgTable('rate_hits', {
  key: text('key').primaryKey(),
  startedAt: ts('started_at').notNull().defaultNow(),
  hits: integer('hits').notNull().default(1),
});

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
