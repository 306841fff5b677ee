import type { MiddlewareHandler } from 'hono';
import { guardAnswer } from '../lib/http/request-guards';
import { site } from '../site';
import { plainAnswer } from './plain-answers';
import { securityHeadersOfSite } from './security-rules';

/**
 * The guards (src/lib/http/request-guards.ts) for every request, before anything kept answers it: a cross-site
 * write, bad %-encoding, a near-miss address, a method the path does not take, an RSC path the router does
 * not serve. Their answers carry the security headers themselves: they never reach `securityRules`.
 */
export function guards(): MiddlewareHandler {
  const headersFor = securityHeadersOfSite();
  return async (c, next) => {
    const answer = guardAnswer(
      { method: c.req.method, url: c.req.url, header: (name) => c.req.header(name) },
      site().settings.trustedProxies > 0,
    );
    if (!answer) return next();
    const headers = { ...answer.headers, ...headersFor(c.req.raw) };
    c.res =
      answer.message === undefined
        ? new Response(null, { status: answer.status, headers })
        : plainAnswer(answer.status, answer.message, headers);
  };
}
