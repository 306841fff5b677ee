/**
 * Server settings from the environment. `getEnv` is Waku's runtime-agnostic reader (Node's process.env,
 * or the Worker's bindings on Cloudflare); plain process.env is the fallback outside Waku (unit tests).
 */
import { getEnv } from 'waku';
import { unstable_getHeaders } from 'waku/server';

export function readEnv(key: string): string | undefined {
  let value: string | undefined;
  try {
    value = getEnv(key);
  } catch {
    value = undefined; // not inside the react-server environment
  }
  if (value === undefined && typeof process !== 'undefined') value = process.env[key];
  return value === '' ? undefined : value;
}

function readNumber(key: string, fallback: number): number {
  const raw = readEnv(key);
  const value = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

export type AdminConfig = {
  baseUrl: string;
  timeoutMs: number;
  cacheTtlMs: number;
  retryMs: number;
};

export function adminConfig(): AdminConfig {
  const baseUrl = readEnv('ADMIN_API_URL');
  if (!baseUrl) {
    throw new Error(
      'ADMIN_API_URL is not set: point it at the admin API (ending in /api), or use `npm start` which starts the demo admin.',
    );
  }
  return {
    baseUrl,
    timeoutMs: readNumber('ADMIN_TIMEOUT_MS', 5000),
    cacheTtlMs: readNumber('CONTENT_CACHE_TTL_MS', 60_000),
    retryMs: readNumber('CONTENT_RETRY_MS', 5000),
  };
}

/** The domain the footer names: SITE_DOMAIN, else the host the visitor asked for. */
export function siteDomain(): string {
  const configured = readEnv('SITE_DOMAIN');
  if (configured) return configured;
  try {
    const host = unstable_getHeaders()['host'];
    if (host) return host.replace(/:\d+$/, '');
  } catch {
    // outside a request
  }
  return 'localhost';
}
