/**
 * The server's settings: every environment variable the site reads, read here once (Node's process.env or
 * the Worker's bindings, through Waku's getEnv) and validated with one valibot schema. A bad value stops
 * the server with one message naming every bad setting, instead of a silent fallback per module.
 * The site object (src/site.ts) parses them once; the rest of the code reads `site().settings` and never the
 * environment.
 */
import 'server-only';
import { getEnv } from 'waku';
import * as v from 'valibot';
import { isHostName } from './request-origin';

type Runtime = 'node' | 'workers';

/** Where the code runs: Cloudflare's workerd identifies itself in `navigator.userAgent`. */
export const RUNTIME: Runtime =
  typeof navigator !== 'undefined' && navigator.userAgent === 'Cloudflare-Workers' ? 'workers' : 'node';

/** When the team answers, as the acknowledgement email and a registration's confirmation say it. */
export const DEFAULT_REPLY_TIME = 'An adviser will reply within one working day.';

/**
 * A whole number written in decimal ("5000"), with a default when unset: ≥ 0, or ≥ 1 for a bound that 0 would
 * turn into "never" (every picture refused).
 */
const wholeNumber = (fallback: number, min: 0 | 1) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(min === 0 ? /^\d+$/ : /^[1-9]\d*$/, `must be a whole number ≥ ${min}`),
      v.transform(Number),
      v.safeInteger('is too large'),
    ),
    String(fallback),
  );
const count = (fallback: number) => wholeNumber(fallback, 0);
const atLeastOne = (fallback: number) => wholeNumber(fallback, 1);

/** A list written with spaces or commas ("https://a.example https://b.example"), each item checked by `item`. */
const listOf = <Item extends v.GenericSchema<string, string>>(item: Item) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.split(/[\s,]+/).filter(Boolean)),
      v.array(item),
    ),
    '',
  );

const httpUrl = v.pipe(
  v.string(),
  v.check((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s): URL'),
);

/**
 * The site's public origin (`https://www.example.com`): scheme and host only, since canonical links, the
 * sitemap and shared links are built from it. A trailing slash is tolerated; a path, query or fragment is not.
 */
const siteUrl = v.pipe(
  httpUrl,
  v.check((value) => {
    if (!URL.canParse(value)) return true; // httpUrl has reported it
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  }, 'must be an origin only, such as https://www.example.com (no path, query or credentials)'),
  v.transform((value) => new URL(value).origin),
);

const originList = listOf(
  v.pipe(
    httpUrl,
    v.transform((value) => new URL(value).origin),
  ),
);

/**
 * Hosts the site answers under ("www.example.com example.com:8443"), lower-case; a default port (80, 443)
 * is dropped, as browsers drop it from the Host they send.
 */
const hostList = listOf(
  v.pipe(
    v.string(),
    v.check(isHostName, 'must be host names (with a port if not 80/443), such as www.example.com'),
    v.transform((value) => value.toLowerCase().replace(/:(80|443)$/, '')),
  ),
);

/** One line of text a visitor reads (a name, opening hours): no line breaks, at most 200 characters. */
const textLine = v.pipe(
  v.string(),
  v.regex(/^[^\r\n]*$/, 'must be one line'),
  v.maxLength(200, 'must be at most 200 characters'),
);

/** A postal address written on one line with `|` between its lines ("Office 12 | Road 1 | Manama, Bahrain"). */
const addressLines = v.pipe(
  textLine,
  v.transform((value) =>
    value
      .split('|')
      .map((line) => line.trim())
      .filter(Boolean),
  ),
);

/** A phone number as people write it ("+973 1700 0000"), kept as the `tel:` address it dials. */
const phoneNumber = v.pipe(
  v.string(),
  v.regex(/^\+?[\d\s().-]{6,30}$/, 'must be a phone number such as +973 1700 0000'),
  v.transform((value) => `tel:${value.replace(/[^\d+]/g, '')}`),
);

/** An SMTP server: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (implicit TLS). */
const smtpUrl = v.pipe(
  v.string(),
  v.check(
    (value) => URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol) && Boolean(new URL(value).hostname),
    'must be an smtp:// or smtps:// URL such as smtp://user:password@mail.example.com:587',
  ),
);

const EMAIL_PATTERN = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/;
const emailAddress = v.pipe(v.string(), v.regex(EMAIL_PATTERN, 'must be an email address such as team@example.com'));

/** One address or several, separated by commas or spaces. */
const emailList = listOf(v.pipe(v.string(), v.regex(EMAIL_PATTERN, 'must be email addresses separated by commas')));

const EnvSchema = v.object({
  ADMIN_API_URL: v.optional(httpUrl),
  ADMIN_TIMEOUT_MS: count(5000),
  ADMIN_MAX_RESPONSE_BYTES: count(4 * 1024 * 1024),
  CONTENT_CACHE_TTL_MS: count(60_000),
  CONTENT_RETRY_MS: count(5000),
  PAGE_CACHE_MAX_BYTES: count(128 * 1024 * 1024),
  RENDERS_AT_ONCE: atLeastOne(8),
  SEARCH_INDEX_CALLS_PER_MINUTE: count(180),
  SEARCH_INDEX_CONCURRENCY: v.optional(
    v.pipe(v.string(), v.regex(/^[1-4]$/, 'must be a whole number from 1 to 4'), v.transform(Number)),
    '2',
  ),
  UNKNOWN_SLUG_CALLS_PER_MINUTE: count(30),
  SEARCH_INDEX_FILE: v.optional(v.string(), 'var/search-index.json'),
  SITE_DOMAIN: v.optional(v.string()),
  SITE_URL: v.optional(siteUrl),
  SITE_HOSTS: hostList,
  SITE_NAME: v.optional(textLine),
  SITE_ADDRESS: v.optional(addressLines, ''),
  SITE_OPENING_HOURS: v.optional(textLine),
  SITE_PHONE: v.optional(phoneNumber),
  SITE_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an email address'))),
  HEALTHZ_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  MEDIA_ORIGINS: originList,
  TRUST_PROXY: count(0),
  ENQUIRY_OUTBOX_DIR: v.optional(v.string(), 'var/enquiries'),
  ENQUIRY_WEBHOOK_URL: v.optional(httpUrl),
  ENQUIRY_WEBHOOK_SECRET: v.optional(v.string()),
  ENQUIRY_WEBHOOK_TIMEOUT_MS: count(10_000),
  ENQUIRY_WEBHOOK_RETRY_MS: count(5000),
  ENQUIRY_WEBHOOK_RETRY_MAX_MS: count(30_000),
  ENQUIRY_RATE_LIMIT: count(5),
  ENQUIRY_RATE_WINDOW_MS: count(600_000),
  // mail: no relay (record 034): per IPv6 /48, and acknowledgements per recipient address and domain
  ENQUIRY_NETWORK_RATE_LIMIT: count(20),
  ENQUIRY_ACK_ADDRESS_PER_HOUR: count(3),
  ENQUIRY_ACK_ADDRESS_PER_DAY: count(10),
  ENQUIRY_ACK_DOMAIN_PER_HOUR: count(30),
  ENQUIRY_ACK_DOMAIN_PER_DAY: count(100),
  ENQUIRY_MAX_BODY_BYTES: count(64 * 1024),
  FORM_TOKEN_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  IMAGE_URL_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  // the quotation of a registration (issue 29): what a buyer raises a purchase order against
  QUOTATION_SECRET: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  QUOTATION_LEGAL_NAME: v.optional(textLine),
  QUOTATION_TAX_NUMBER: v.optional(textLine),
  QUOTATION_VAT_PERCENT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^(100|\d{1,2})(\.\d{1,2})?$/, 'must be a percentage from 0 to 100, such as 10'),
      v.transform(Number),
    ),
  ),
  QUOTATION_BANK_DETAILS: v.optional(textLine),
  QUOTATION_PAYMENT_TERMS: v.optional(textLine, 'Payment within 30 days of the invoice, before the course starts.'),
  QUOTATION_VALID_DAYS: atLeastOne(30),
  IMAGE_CACHE_DIR: v.optional(v.string(), 'var/images'),
  IMAGE_CACHE_MAX_BYTES: count(512 * 1024 * 1024),
  IMAGE_TRANSFORMS_AT_ONCE: v.optional(
    v.pipe(v.string(), v.regex(/^[1-8]$/, 'must be a whole number from 1 to 8'), v.transform(Number)),
    '2',
  ),
  IMAGE_MAX_SOURCE_BYTES: count(25 * 1024 * 1024),
  IMAGE_MAX_PIXELS: count(50_000_000),
  IMAGE_TIMEOUT_MS: count(15_000),
  IMAGE_FETCH_TIMEOUT_MS: atLeastOne(5000),
  IMAGE_CLIENT_PENDING: atLeastOne(32),
  IMAGE_CLIENT_WRITE_BYTES: atLeastOne(8 * 1024 * 1024),
  SMTP_URL: v.optional(smtpUrl),
  SMTP_TIMEOUT_MS: count(15_000),
  ENQUIRY_EMAIL_TO: emailList,
  ENQUIRY_EMAIL_FROM: v.optional(emailAddress),
  ENQUIRY_REPLY_TIME: v.optional(textLine, DEFAULT_REPLY_TIME),
});

/** Settings that are each valid but do not make sense together. */
function combinationProblems(e: v.InferOutput<typeof EnvSchema>, runtime: Runtime): string[] {
  const problems: string[] = [];
  const emailWanted = Boolean(e.SMTP_URL) || e.ENQUIRY_EMAIL_TO.length > 0 || Boolean(e.ENQUIRY_EMAIL_FROM);
  if (!emailWanted) return problems;
  if (e.ENQUIRY_EMAIL_TO.length === 0) problems.push('  ENQUIRY_EMAIL_TO is needed to send enquiries by email');
  if (!e.ENQUIRY_EMAIL_FROM) problems.push('  ENQUIRY_EMAIL_FROM is needed to send enquiries by email');
  if (runtime === 'node' && !e.SMTP_URL) problems.push('  SMTP_URL is needed to send enquiries by email');
  return problems;
}

/** The settings as the site's services read them; each field is described in the README's Configuration table. */
export type ServerConfig = ReturnType<typeof parseServerConfig>;

export type Env = Record<string, string | undefined>;

/** Parses `env` (an empty string counts as unset); throws one Error listing every bad setting. */
export function parseServerConfig(env: Env, runtime: Runtime = RUNTIME) {
  const input: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    const value = env[key]?.trim();
    if (value) input[key] = value;
  }
  const parsed = v.safeParse(EnvSchema, input);
  const problems = parsed.success
    ? combinationProblems(parsed.output, runtime)
    : parsed.issues.map((issue) => {
        const key = issue.path?.[0]?.key;
        return `  ${String(key)}=${JSON.stringify(input[String(key)] ?? '')} ${issue.message}`;
      });
  if (!parsed.success || problems.length > 0)
    throw new Error(`Invalid server settings (see README, Configuration):\n${problems.join('\n')}`);
  const e = parsed.output;
  return {
    runtime,
    admin: {
      /** Unset only in a build or a test that never calls the admin; the site's content source insists (src/site.ts). */
      baseUrl: e.ADMIN_API_URL,
      timeoutMs: e.ADMIN_TIMEOUT_MS,
      maxResponseBytes: e.ADMIN_MAX_RESPONSE_BYTES,
      cacheTtlMs: e.CONTENT_CACHE_TTL_MS,
      retryMs: e.CONTENT_RETRY_MS,
    },
    pageCacheMaxBytes: e.PAGE_CACHE_MAX_BYTES,
    rendersAtOnce: e.RENDERS_AT_ONCE,
    search: {
      callsPerMinute: e.SEARCH_INDEX_CALLS_PER_MINUTE,
      concurrency: e.SEARCH_INDEX_CONCURRENCY,
      unknownSlugCallsPerMinute: e.UNKNOWN_SLUG_CALLS_PER_MINUTE,
      file: e.SEARCH_INDEX_FILE,
    },
    // who runs the site, as the owner configured it: unset values stay unset (the views leave out what they lack)
    site: {
      domain: e.SITE_DOMAIN,
      url: e.SITE_URL,
      hosts: e.SITE_HOSTS,
      name: e.SITE_NAME,
      address: e.SITE_ADDRESS,
      openingHours: e.SITE_OPENING_HOURS,
      phone: e.SITE_PHONE,
      email: e.SITE_EMAIL,
    },
    healthzToken: e.HEALTHZ_TOKEN,
    mediaOrigins: e.MEDIA_ORIGINS,
    trustedProxies: e.TRUST_PROXY,
    enquiry: {
      outboxDir: e.ENQUIRY_OUTBOX_DIR,
      webhookUrl: e.ENQUIRY_WEBHOOK_URL,
      webhookSecret: e.ENQUIRY_WEBHOOK_SECRET,
      webhookTimeoutMs: e.ENQUIRY_WEBHOOK_TIMEOUT_MS,
      webhookRetryMs: e.ENQUIRY_WEBHOOK_RETRY_MS,
      webhookMaxRetryMs: e.ENQUIRY_WEBHOOK_RETRY_MAX_MS,
      rateLimit: e.ENQUIRY_RATE_LIMIT,
      rateWindowMs: e.ENQUIRY_RATE_WINDOW_MS,
      networkRateLimit: e.ENQUIRY_NETWORK_RATE_LIMIT,
      acknowledgementLimits: {
        perAddressHour: e.ENQUIRY_ACK_ADDRESS_PER_HOUR,
        perAddressDay: e.ENQUIRY_ACK_ADDRESS_PER_DAY,
        perDomainHour: e.ENQUIRY_ACK_DOMAIN_PER_HOUR,
        perDomainDay: e.ENQUIRY_ACK_DOMAIN_PER_DAY,
      },
      maxBodyBytes: e.ENQUIRY_MAX_BODY_BYTES,
      formTokenSecret: e.FORM_TOKEN_SECRET,
      // on Node `smtpUrl` is set; on Workers the SEND_EMAIL binding sends (SMTP_URL is ignored there)
      email:
        e.ENQUIRY_EMAIL_FROM && e.ENQUIRY_EMAIL_TO.length > 0
          ? {
              smtpUrl: e.SMTP_URL,
              timeoutMs: e.SMTP_TIMEOUT_MS,
              to: e.ENQUIRY_EMAIL_TO,
              from: e.ENQUIRY_EMAIL_FROM,
              replyTime: e.ENQUIRY_REPLY_TIME,
            }
          : undefined,
    },
    quotation: {
      secret: e.QUOTATION_SECRET,
      legalName: e.QUOTATION_LEGAL_NAME,
      taxNumber: e.QUOTATION_TAX_NUMBER,
      vatPercent: e.QUOTATION_VAT_PERCENT,
      bankDetails: e.QUOTATION_BANK_DETAILS,
      paymentTerms: e.QUOTATION_PAYMENT_TERMS,
      validDays: e.QUOTATION_VALID_DAYS,
    },
    images: {
      secret: e.IMAGE_URL_SECRET,
      cacheDir: e.IMAGE_CACHE_DIR,
      cacheMaxBytes: e.IMAGE_CACHE_MAX_BYTES,
      transformsAtOnce: e.IMAGE_TRANSFORMS_AT_ONCE,
      maxSourceBytes: e.IMAGE_MAX_SOURCE_BYTES,
      maxPixels: e.IMAGE_MAX_PIXELS,
      timeoutMs: e.IMAGE_TIMEOUT_MS,
      fetchTimeoutMs: e.IMAGE_FETCH_TIMEOUT_MS,
      clientPending: e.IMAGE_CLIENT_PENDING,
      clientWriteBytes: e.IMAGE_CLIENT_WRITE_BYTES,
    },
  };
}

/** The environment: Waku's (process.env on Node, the bindings on Workers), else process.env (unit tests). */
export function readEnvironment(): Env {
  const env: Env = {};
  for (const key of Object.keys(EnvSchema.entries)) {
    let value: string | undefined;
    try {
      value = getEnv(key);
    } catch {
      value = undefined; // outside the react-server environment
    }
    if (value === undefined && typeof process !== 'undefined') value = process.env[key];
    env[key] = value;
  }
  return env;
}
