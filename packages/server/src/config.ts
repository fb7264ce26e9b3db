import path from 'node:path';
import { z } from 'zod';

/** Where relative paths are resolved: the directory `npm` was started from, else the cwd. */
const baseDir = process.env.INIT_CWD ?? process.cwd();

const boolish = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A whole number from `min` to `max`, with messages naming the variable. */
function wholeNumber(name: string, min: number, max: number) {
  return z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  MILEPOST_DATA_DIR: z.string().min(1).default('./data'),
  MILEPOST_ROOT_PASSWORD: z.string().min(8, 'MILEPOST_ROOT_PASSWORD must have at least 8 characters').optional(),
  MILEPOST_DEMO: boolish.default(true),
  MILEPOST_DEMO_PASSWORD: z.string().min(8, 'MILEPOST_DEMO_PASSWORD must have at least 8 characters').optional(),
  MILEPOST_DEMO_TODAY: z.iso
    .date({ error: 'MILEPOST_DEMO_TODAY must be a calendar date written YYYY-MM-DD, such as 2027-03-05' })
    .optional(),
  MILEPOST_EXTERNAL_URL: z.string().url().optional(),
  MILEPOST_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MILEPOST_WEB_DIST: z.string().optional(),
  MILEPOST_SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  MILEPOST_ROADMAP_EPICS_LIMIT: wholeNumber('MILEPOST_ROADMAP_EPICS_LIMIT', 1, 100_000).optional(),
  MILEPOST_POLLING_INTERVAL_MULTIPLIER: z.coerce
    .number({ error: 'MILEPOST_POLLING_INTERVAL_MULTIPLIER must be a number' })
    .min(0, 'MILEPOST_POLLING_INTERVAL_MULTIPLIER must be at least 0')
    .max(100, 'MILEPOST_POLLING_INTERVAL_MULTIPLIER must be at most 100')
    .default(1),
  MILEPOST_MAX_CONCURRENT_REQUESTS: wholeNumber('MILEPOST_MAX_CONCURRENT_REQUESTS', 0, 10_000).default(16),
  MILEPOST_REQUEST_QUEUE_SIZE: wholeNumber('MILEPOST_REQUEST_QUEUE_SIZE', 0, 100_000).default(64),
  MILEPOST_REQUEST_QUEUE_TIMEOUT_MS: wholeNumber('MILEPOST_REQUEST_QUEUE_TIMEOUT_MS', 1, 600_000).default(5000),
  MILEPOST_DB_POOL_SIZE: wholeNumber('MILEPOST_DB_POOL_SIZE', 1, 1000).default(10),
  MILEPOST_DB_POOL_TIMEOUT_MS: wholeNumber('MILEPOST_DB_POOL_TIMEOUT_MS', 1, 600_000).default(5000),
  MILEPOST_SERVER_TIMING: z
    .enum(['off', 'total', 'all'], { error: 'MILEPOST_SERVER_TIMING must be off, total or all' })
    .default('total'),
  MILEPOST_TRUSTED_PROXIES: z
    .string()
    .regex(
      /^\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?))*\s*$/,
      'MILEPOST_TRUSTED_PROXIES must list addresses, CIDR ranges or loopback, linklocal, uniquelocal, comma-separated',
    )
    .default('loopback,linklocal,uniquelocal'),
  MILEPOST_MAX_LOGIN_ATTEMPTS: wholeNumber('MILEPOST_MAX_LOGIN_ATTEMPTS', 0, 1000).default(10),
  MILEPOST_FAILED_LOGIN_UNLOCK_MINUTES: wholeNumber('MILEPOST_FAILED_LOGIN_UNLOCK_MINUTES', 1, 100_000).default(10),
  MILEPOST_PROTECTED_PATHS_LIMIT: wholeNumber('MILEPOST_PROTECTED_PATHS_LIMIT', 0, 1_000_000).default(10),
  MILEPOST_API_RATE_LIMIT_PER_USER: wholeNumber('MILEPOST_API_RATE_LIMIT_PER_USER', 0, 1_000_000).default(0),
  MILEPOST_API_RATE_LIMIT_PER_IP: wholeNumber('MILEPOST_API_RATE_LIMIT_PER_IP', 0, 1_000_000).default(0),
  MILEPOST_STATEMENT_TIMEOUT_MS: wholeNumber('MILEPOST_STATEMENT_TIMEOUT_MS', 0, 86_400_000).default(15_000),
  MILEPOST_INCOMING_EMAIL: z
    .string()
    .regex(
      /^[^@\s]*%\{key\}[^@\s]*@[^@\s%]+\.[^@\s%]+$/,
      'MILEPOST_INCOMING_EMAIL must be an email address with %{key} in its local part, such as incoming+%{key}@plan.example.com',
    )
    .refine((v) => v.split('%{key}').length === 2, 'MILEPOST_INCOMING_EMAIL must contain %{key} once')
    .optional(),
  MILEPOST_SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/[^\s]+$/,
      'MILEPOST_SMTP_URL must be an smtp:// or smtps:// URL, such as smtp://user:pass@mail.example.com:587',
    )
    .optional(),
  MILEPOST_EMAIL_FROM: z
    .string()
    .regex(
      /^[^\n\r]*[^@\s<]+@[^@\s>]+[^\n\r]*$/,
      'MILEPOST_EMAIL_FROM must be an email address, such as Milepost <plan@example.com>',
    )
    .optional(),
  MILEPOST_MAX_ATTACHMENT_SIZE_MB: wholeNumber('MILEPOST_MAX_ATTACHMENT_SIZE_MB', 1, 10_240).default(256),
  MILEPOST_PAT_PREFIX: z
    .string()
    .regex(
      /^[a-zA-Z0-9_.-]{1,20}$/,
      'MILEPOST_PAT_PREFIX must be 1 to 20 letters, digits, underscores, dots or hyphens, such as glpat-',
    )
    .default('glpat-'),
  MILEPOST_IDLE_IN_TRANSACTION_TIMEOUT_MS: wholeNumber(
    'MILEPOST_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    0,
    86_400_000,
  ).default(60_000),
});

/**
 * Limits every database connection starts with: one statement may run `statementTimeoutMs`, a
 * transaction may sit idle `idleInTransactionTimeoutMs`; 0 switches a limit off.
 */
export type DatabaseTimeouts = { statementTimeoutMs: number; idleInTransactionTimeoutMs: number };

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  rootPassword: string | undefined;
  demo: boolean;
  demoPassword: string | undefined;
  /**
   * The day the demo's dates are spread around (`YYYY-MM-DD`), instead of the real today. Only the
   * demo seeder reads it (so end-to-end runs can pin it); everything else keeps the real clock.
   */
  demoToday: string | undefined;
  externalUrl: string;
  logLevel: z.infer<typeof envSchema>['MILEPOST_LOG_LEVEL'];
  webDist: string;
  sessionDays: number;
  /**
   * The most epics a roadmap lists when an administrator sets one; past it the roadmap shows a
   * warning (GitLab's `roadmap_epics_limit`). null (unset): no limit.
   */
  roadmapEpicsLimit: number | null;
  /**
   * Scales how often pages poll (GitLab's `polling_interval_multiplier`): the issue page every
   * 3 s × this; 0 switches polling off (`Poll-Interval: -1`).
   */
  pollingIntervalMultiplier: number;
  /** Overload protection (`http/overload.ts`): requests served at once (0: no limit), and how many wait, how long. */
  maxConcurrentRequests: number;
  requestQueueSize: number;
  requestQueueTimeoutMs: number;
  /** PostgreSQL connections of this server, and how long a request waits for one before answering 503. */
  dbPoolSize: number;
  dbPoolTimeoutMs: number;
  /**
   * The `Server-Timing` header of every answer but the web app's files (http/server-timing.ts):
   * `total` (default) the server's time for everyone, and its breakdown (GraphQL's phases, SQL
   * statements and time) for administrators; `all` the breakdown for everyone; `off` no header.
   */
  serverTiming: 'off' | 'total' | 'all';
  /**
   * Which peers' `X-Forwarded-*` headers are believed (client address, https): addresses, CIDR
   * ranges or proxy-addr's names, comma-separated. Default: loopback and private networks.
   */
  trustedProxies: string;
  /** Failed sign-ins in a row that lock an account (GitLab's `max_login_attempts`); 0: never lock. */
  maxLoginAttempts: number;
  /** How long a lock lasts (GitLab's `failed_login_attempts_unlock_period_in_minutes`). */
  failedLoginUnlockMinutes: number;
  /** POSTs per minute per client address to sign-in paths (GitLab's protected paths); 0: no limit. */
  protectedPathsLimit: number;
  /** API requests per minute per signed-in user; 0: no limit (GitLab's default). */
  apiRateLimitPerUser: number;
  /** API requests per minute per client address for signed-out requests; 0: no limit (GitLab's default). */
  apiRateLimitPerIp: number;
  /** Per-connection limits of one statement and of an idle open transaction, in ms (0 = none). */
  database: DatabaseTimeouts;
  /**
   * The incoming email address with `%{key}` where an item's key goes (GitLab's
   * `incoming_email.address`), e.g. `incoming+%{key}@plan.example.com`; unset: no such addresses.
   */
  incomingEmail: string | undefined;
  /** Outgoing mail (password reset links); unset: no mail, the administrator resets passwords. */
  smtpUrl: string | undefined;
  /** The From of outgoing mail (default `Milepost <milepost@<external host>>`). */
  emailFrom: string;
  /** The largest file one upload may hold, in MiB (GitLab's `max_attachment_size`; spec 002 §9: 256). */
  maxAttachmentSizeMb: number;
  /**
   * The prefix of the personal access tokens Milepost issues (GitLab's `personal_access_token_prefix`),
   * also the one secret detection looks for in comments and descriptions.
   */
  patPrefix: string;
};

export class ConfigError extends Error {}

/** Reads and validates the environment once; throws ConfigError with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const externalUrl = (e.MILEPOST_EXTERNAL_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(baseDir, e.MILEPOST_DATA_DIR),
    rootPassword: e.MILEPOST_ROOT_PASSWORD,
    demo: e.MILEPOST_DEMO,
    demoPassword: e.MILEPOST_DEMO_PASSWORD,
    demoToday: e.MILEPOST_DEMO_TODAY,
    externalUrl,
    logLevel: e.MILEPOST_LOG_LEVEL,
    webDist: e.MILEPOST_WEB_DIST
      ? path.resolve(baseDir, e.MILEPOST_WEB_DIST)
      : path.resolve(import.meta.dirname, '../../web/dist'),
    sessionDays: e.MILEPOST_SESSION_DAYS,
    roadmapEpicsLimit: e.MILEPOST_ROADMAP_EPICS_LIMIT ?? null,
    pollingIntervalMultiplier: e.MILEPOST_POLLING_INTERVAL_MULTIPLIER,
    maxConcurrentRequests: e.MILEPOST_MAX_CONCURRENT_REQUESTS,
    requestQueueSize: e.MILEPOST_REQUEST_QUEUE_SIZE,
    requestQueueTimeoutMs: e.MILEPOST_REQUEST_QUEUE_TIMEOUT_MS,
    dbPoolSize: e.MILEPOST_DB_POOL_SIZE,
    dbPoolTimeoutMs: e.MILEPOST_DB_POOL_TIMEOUT_MS,
    serverTiming: e.MILEPOST_SERVER_TIMING,
    trustedProxies: e.MILEPOST_TRUSTED_PROXIES,
    maxLoginAttempts: e.MILEPOST_MAX_LOGIN_ATTEMPTS,
    failedLoginUnlockMinutes: e.MILEPOST_FAILED_LOGIN_UNLOCK_MINUTES,
    protectedPathsLimit: e.MILEPOST_PROTECTED_PATHS_LIMIT,
    apiRateLimitPerUser: e.MILEPOST_API_RATE_LIMIT_PER_USER,
    apiRateLimitPerIp: e.MILEPOST_API_RATE_LIMIT_PER_IP,
    database: {
      statementTimeoutMs: e.MILEPOST_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.MILEPOST_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    incomingEmail: e.MILEPOST_INCOMING_EMAIL,
    smtpUrl: e.MILEPOST_SMTP_URL,
    emailFrom: e.MILEPOST_EMAIL_FROM ?? `Milepost <milepost@${new URL(externalUrl).hostname}>`,
    maxAttachmentSizeMb: e.MILEPOST_MAX_ATTACHMENT_SIZE_MB,
    patPrefix: e.MILEPOST_PAT_PREFIX,
  };
}
