import { DEFAULT_MAGIC_LINK_RESEND_SECONDS } from '@rotaboard/core/auth/constants';
import { z } from 'zod';

/**
 * The only place that reads process.env. Every variable is parsed once; a bad value stops start-up
 * with one line naming the variable (see README "Configuration").
 */
const emailList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: protocols, error: `must be a URL like ${hint}` }).optional());

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined);

/**
 * Which proxies to believe about the client's address (X-Forwarded-For): none by default, a hop count,
 * or the proxies' addresses. Trusting every sender would let anyone rotate the header past per-IP limits.
 */
const TrustProxy = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx): number | string[] | false => {
    if (!value || value === '0') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'must be a hop count of at most 10' });
        return z.NEVER;
      }
      return hops;
    }
    const addresses = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    const ok = addresses.every(
      (a) =>
        z.cidrv4().safeParse(a).success ||
        z.cidrv6().safeParse(a).success ||
        z.ipv4().safeParse(a).success ||
        z.ipv6().safeParse(a).success,
    );
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a number of proxy hops (e.g. 1) or proxy addresses (e.g. 10.0.0.0/8,127.0.0.1)',
      });
      return z.NEVER;
    }
    return addresses;
  });

const EnvSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0–65535')
    .max(65535, 'must be 0–65535')
    .default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?$/, 'postgres://user@host:5432/db'),
  REDIS_URL: optionalUrl(/^rediss?$/, 'redis://127.0.0.1:6379'),
  PUBLIC_URL: optionalUrl(/^https?$/, 'https://rota.example.com'),
  SMTP_URL: optionalUrl(/^smtps?$/, 'smtp://user:pass@smtp.example.com:587'),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, 'must be an address like "Rotaboard <rota@example.com>"')
    .default('Rotaboard <no-reply@rotaboard.local>'),
  SUPPORT_EMAILS: emailList,
  PRO_EMAILS: emailList,
  MAGIC_LINK_RESEND_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(3600, 'must be at most 3600')
    .default(DEFAULT_MAGIC_LINK_RESEND_SECONDS),
  AUTH_RATE_LIMIT_PER_IP: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(30),
  TRUST_PROXY: TrustProxy,
  /** The week read's cache, in megabytes per process (modules/shifts/week-cache.ts); 0 keeps nothing. */
  WEEK_CACHE_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .int('must be a whole number of megabytes')
    .min(0, 'must be 0 or more')
    .max(65536, 'must be at most 65536')
    .default(64),
  /**
   * How often each process looks for no-shows, in milliseconds (modules/no-shows): at least once a
   * minute; 0 turns the checker off. Unset: 60000, or off under NODE_ENV=test (tests call the check).
   */
  NO_SHOW_CHECK_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (off) to 60000')
    .max(60_000, 'must be 0 (off) to 60000: no-shows are checked at least once a minute')
    .optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be a pino level such as info',
    })
    .default('info'),
  WEB_DIST_DIR: z.string().optional(),
  STRIPE_SECRET_KEY: optionalText(),
  STRIPE_WEBHOOK_SECRET: optionalText(),
  STRIPE_PRICE_USD: optionalText(),
  STRIPE_PRICE_GBP: optionalText(),
  STRIPE_PRICE_EUR: optionalText(),
  /** Where the Stripe SDK sends its calls: Stripe itself unless set (stripe-mock, tests). */
  STRIPE_API_URL: optionalUrl(/^https?$/, 'http://127.0.0.1:12111'),
  /** The schedule assistant's model (docs/assistant.md): without a key, the built-in interpreter answers. */
  OPENAI_API_KEY: optionalText(),
  /** Any OpenAI-compatible server (Ollama, vLLM …); OpenAI's own unless set. */
  OPENAI_BASE_URL: optionalUrl(/^https?$/, 'http://127.0.0.1:11434/v1'),
  ASSISTANT_MODEL: z
    .string()
    .trim()
    .min(1, 'must name a model')
    .max(200, 'must be a model name')
    .default('gpt-4o-mini'),
  /** How long one message may take with the model, all its tool calls included. */
  ASSISTANT_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(1, 'must be 1 to 300')
    .max(300, 'must be 1 to 300')
    .default(60),
});

/** Every variable the server reads (the README's configuration table lists each: test/config.test.ts). */
export const ENV_NAMES = Object.keys(EnvSchema.shape);

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmails: string[];
  proEmails: string[];
  magicLinkResendSeconds: number;
  authRateLimitPerIp: number;
  /** Fastify's trustProxy: false (the default), a hop count, or the proxies' addresses. */
  trustProxy: number | string[] | false;
  logLevel: string;
  /** The most the week read's cache may hold, in bytes (WEEK_CACHE_MB); 0 keeps nothing. */
  weekCacheBytes: number;
  /** Where the built web app lives; unset means the monorepo's packages/web/dist. */
  webDistDir: string | undefined;
  /** How often the no-show checker runs, in milliseconds (NO_SHOW_CHECK_MS); 0: not at all. */
  noShowCheckMs: number;
  /** Stripe billing, when STRIPE_SECRET_KEY is set; otherwise the demo provider (docs/billing.md). */
  stripe: StripeConfig | null;
  /** The assistant's model, when OPENAI_API_KEY is set; null: the built-in interpreter (docs/assistant.md). */
  assistantModel: AssistantModelConfig | null;
};

export type AssistantModelConfig = {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
};

export type StripeConfig = {
  secretKey: string;
  webhookSecret: string;
  /** One Stripe Price id per currency offered; a currency without one cannot be bought. */
  prices: Partial<Record<'USD' | 'GBP' | 'EUR', string>>;
  apiUrl: string | undefined;
};

export class ConfigError extends Error {}

/** Parses the environment, or throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message} (got ${JSON.stringify(env[name] ?? '')})`,
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration: SMTP_URL is required when NODE_ENV=production (the dev outbox would hold real sign-in links)',
    );
  }
  let stripe: StripeConfig | null = null;
  if (e.STRIPE_SECRET_KEY) {
    if (!e.STRIPE_WEBHOOK_SECRET) {
      throw new ConfigError(
        'Invalid configuration: STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (the signing secret of the webhook endpoint)',
      );
    }
    const prices = { USD: e.STRIPE_PRICE_USD, GBP: e.STRIPE_PRICE_GBP, EUR: e.STRIPE_PRICE_EUR };
    if (!Object.values(prices).some(Boolean)) {
      throw new ConfigError(
        'Invalid configuration: STRIPE_PRICE_USD, STRIPE_PRICE_GBP or STRIPE_PRICE_EUR is required with STRIPE_SECRET_KEY (a Price id such as price_123)',
      );
    }
    stripe = {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      prices: Object.fromEntries(Object.entries(prices).filter(([, id]) => id)),
      apiUrl: e.STRIPE_API_URL,
    };
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmails: e.SUPPORT_EMAILS,
    proEmails: e.PRO_EMAILS,
    magicLinkResendSeconds: e.MAGIC_LINK_RESEND_SECONDS,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    weekCacheBytes: e.WEEK_CACHE_MB * 1024 * 1024,
    webDistDir: e.WEB_DIST_DIR,
    noShowCheckMs: e.NO_SHOW_CHECK_MS ?? (e.NODE_ENV === 'test' ? 0 : 60_000),
    stripe,
    assistantModel: e.OPENAI_API_KEY
      ? {
          apiKey: e.OPENAI_API_KEY,
          baseUrl: e.OPENAI_BASE_URL,
          model: e.ASSISTANT_MODEL,
          timeoutMs: e.ASSISTANT_TIMEOUT_SECONDS * 1000,
        }
      : null,
  };
}
