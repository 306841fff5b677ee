/**
 * Is the admin reachable: one uncached call for /healthz, reused a few seconds (/healthz is public). One per
 * site object (src/site.ts).
 */
import type { ServerConfig } from '../server-config';

export type AdminProbe = { reachable: boolean; status: number | string; latencyMs: number; at: number };

/** A probe answer is reused this long, and concurrent checks share one probe. */
const PROBE_REUSE_MS = 5000;

async function probeAdmin({ baseUrl = '', timeoutMs }: ServerConfig['admin']): Promise<AdminProbe> {
  const started = Date.now();
  let status: number | string;
  try {
    // A redirect is not followed (the content client refuses one too): an admin that sends the site
    // elsewhere cannot serve it, so the probe reports its 3xx status and the site is "degraded".
    const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/setting/content`, {
      signal: AbortSignal.timeout(Math.min(timeoutMs, 2000)),
      redirect: 'manual',
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    status = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'unreachable';
  }
  return { reachable: status === 200, status, latencyMs: Date.now() - started, at: Date.now() };
}

/**
 * On Node concurrent checks share the probe in flight. On Workers each request probes for itself until an
 * answer is kept: in workerd a promise another request started resumes in that request's context, and
 * hangs this one if that request has ended.
 */
export function createAdminProbe(
  admin: ServerConfig['admin'],
  runtime: ServerConfig['runtime'],
): { current(): Promise<AdminProbe> } {
  let lastProbe: AdminProbe | undefined;
  let probing: Promise<AdminProbe> | undefined;
  const probe = () =>
    probeAdmin(admin).then((answer) => {
      lastProbe = answer;
      return answer;
    });
  return {
    current() {
      if (lastProbe && Date.now() - lastProbe.at < PROBE_REUSE_MS) return Promise.resolve(lastProbe);
      if (runtime === 'workers') return probe();
      probing ??= probe().finally(() => (probing = undefined));
      return probing;
    },
  };
}
