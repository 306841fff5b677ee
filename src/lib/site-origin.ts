/** Where the visitor reached the site: the domain the footer names and the origin of absolute URLs. */
import 'server-only';
import { unstable_getContext } from 'waku/server';
import { site } from '../site';
import { originRuleOf, pageOrigin, type OriginRule, type RequestParts } from './request-origin';

/** The settings the origin rule reads (request-origin.ts). */
export function originRule(): OriginRule {
  return originRuleOf(site().settings);
}

/**
 * The domain the footer names: SITE_DOMAIN, else the host of the origin the page names (never a Host
 * header the page cache's key does not hold).
 */
export function siteDomain(): string {
  const configured = site().settings.site.domain;
  if (configured) return configured;
  return new URL(siteOrigin()).hostname.replace(/^\[|\]$/g, '');
}

/**
 * The origin canonical links, shared links and the sitemap are built on: the one rule of request-origin.ts
 * applied to the request being rendered.
 */
export function siteOrigin(): string {
  let request: Request;
  try {
    request = unstable_getContext().req;
  } catch {
    return site().settings.site.url ?? 'http://localhost'; // outside a request (never in a page)
  }
  return siteOriginFor(request);
}

/** The same, for a middleware holding the request. */
export function siteOriginFor(request: Request | RequestParts): string {
  return pageOrigin(request, originRule()).origin;
}
