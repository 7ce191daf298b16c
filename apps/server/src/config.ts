import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback only by default: set 0.0.0.0 (or an address) to serve other machines. */
  HOST: z.string().default('127.0.0.1'),
  /** Proxies whose X-Forwarded-For/-Proto are believed: comma-separated addresses or CIDRs ('loopback' too). */
  TRUST_PROXY: z.string().default(''),
  /**
   * The address customers and staff reach the app at (https://service.example.com): the base of every link we send
   * (portal login, survey and service-report links, product QR codes). Unset: the request's own host, which a forged
   * Host header could change, so set it in production.
   */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, 'PUBLIC_URL must be an http(s) address')
    .transform((u) => u.replace(/\/+$/, ''))
    .optional(),
  /** '1' always marks the session cookie Secure, '0' never; unset: in production or when the request came over HTTPS. */
  COOKIE_SECURE: z.enum(['0', '1']).optional(),
  /** PostgreSQL server; without it an embedded PostgreSQL server is started with its data under DATA_DIR/pg. */
  DATABASE_URL: z.string().optional(),
  /**
   * A streaming replica of DATABASE_URL: list, count, report and export reads go to it, except a session's reads until
   * the replica has replayed that session's last write (docs/scaling.md). Unset: every read goes to DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** '0' runs the embedded server without fsync: for throwaway databases only (the browser tests), never for data you keep. */
  EMBEDDED_FSYNC: z.enum(['0', '1']).default('1'),
  /** 'log' writes codes to the server log and the dev outbox; 'http' posts them to SMS_HTTP_URL. */
  SMS_SENDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().optional(),
  /** Geocoding providers' endpoints (platform/geo/providers.ts); unset: the providers' public ones. Tests use local fakes. */
  GEO_AMAP_URL: z.string().optional(),
  GEO_TENCENT_URL: z.string().optional(),
  GEO_BAIDU_URL: z.string().optional(),
  /** The driving-route endpoints (platform/geo/routing.ts, the dispatch assistant's travel); unset: the public ones. */
  ROUTE_AMAP_URL: z.string().optional(),
  ROUTE_TENCENT_URL: z.string().optional(),
  ROUTE_BAIDU_URL: z.string().optional(),
  /** WeCom and DingTalk API bases (modules/channels/clients.ts); unset: the platforms' public ones. Tests use local fakes. */
  WECOM_API_URL: z.string().default('https://qyapi.weixin.qq.com'),
  DINGTALK_API_URL: z.string().default('https://oapi.dingtalk.com'),
  /** Nameplate and business-card reading (platform/ocr.ts): 'none' refuses with a message; 'http' posts the image to OCR_HTTP_URL. */
  OCR_PROVIDER: z.enum(['none', 'http']).default('none'),
  OCR_HTTP_URL: z.string().optional(),
  TZ_DEFAULT: z.string().default('Asia/Shanghai'),
  CUSTOMER_SERVICE_PHONE: z.string().default('400-800-6688'),
  DEMO_PASSWORD: z.string().default('demo1234'),
  /** Seed the demo enterprises on an empty database. */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  NODE_ENV: z.string().default('development'),
  /**
   * Multiplies every API rate limit (docs/api.md): 1 in production; tests and the e2e server, whose one user or one
   * address runs a whole suite in minutes, raise it. Never 0: a limit always exists.
   */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(20),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** A bearer token that opens /metrics to other machines (without it only a direct request from this machine). */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /**
   * Caps how long a job may run before its instance is taken as dead and the job is retried on another (each kind has
   * its own expiry, an export an hour). Unset: the kinds' own. Short values are for tests that kill an instance mid-job.
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).optional(),
  /** How often an instance looks for jobs of dead instances (expired) and archives finished ones: pg-boss's supervision. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).default(120),
  /** Where file bytes live: 'local' (DATA_DIR/files) or 's3' (an S3-compatible object store, the S3_* variables). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url('S3_ENDPOINT must be an http(s) address').optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** '1' addresses the bucket in the path (MinIO and most self-hosted stores), '0' as a sub-domain (AWS). */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
});

export type Config = z.infer<typeof schema> & { dataDir: string; devOutbox: boolean; trustProxy: string[] | false };

/** Fastify's trustProxy: off unless TRUST_PROXY names the proxies (never "everyone"). */
function trustedProxies(value: string): string[] | false {
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 ? list : false;
}

/** A configuration the server refuses to start with; its message says what to set. */
export class ConfigError extends Error {}

/** What an S3 configuration lacks, or null when it is complete. */
function s3Missing(c: z.infer<typeof schema>): string | null {
  if (c.STORAGE !== 's3') return null;
  if (!c.S3_BUCKET) return 'STORAGE=s3 需要设置 S3_BUCKET（存储桶名称）';
  if (!!c.S3_ACCESS_KEY_ID !== !!c.S3_SECRET_ACCESS_KEY)
    return 'S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置（都不设置时使用运行环境的凭证，如 IAM 角色）';
  return null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.parse(env);
  const missing = s3Missing(parsed);
  if (missing) throw new ConfigError(`配置不完整：${missing}`);
  if (parsed.DATABASE_READ_URL && !parsed.DATABASE_URL)
    throw new ConfigError('配置不完整：DATABASE_READ_URL（只读副本）需要同时设置 DATABASE_URL（主库）；内置数据库没有副本');
  const dataDir = path.resolve(overrides.DATA_DIR ?? parsed.DATA_DIR);
  return {
    ...parsed,
    dataDir,
    devOutbox: parsed.NODE_ENV !== 'production' && parsed.SMS_SENDER === 'log',
    trustProxy: trustedProxies(parsed.TRUST_PROXY),
    ...overrides,
  };
}
