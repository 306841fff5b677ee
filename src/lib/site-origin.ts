/** Where the visitor reached the site: the domain the footer names and, later, absolute URLs. */
import 'server-only';
import { unstable_getHeaders } from 'waku/server';
import { serverConfig } from './server-config';

/** The domain the footer names: SITE_DOMAIN, else the host the visitor asked for. */
export function siteDomain(): string {
  const configured = serverConfig().site.domain;
  if (configured) return configured;
  try {
    const host = unstable_getHeaders()['host'];
    if (host) return host.replace(/:\d+$/, '');
  } catch {
    // outside a request
  }
  return 'localhost';
}
