/**
 * Who the site speaks for, as the owner's settings give it (SITE_NAME, SITE_ADDRESS, SITE_OPENING_HOURS,
 * SITE_PHONE, SITE_EMAIL): pure, so work outside a request and below the site object (the enquiry
 * forwarders, the Worker's queue consumer) names the provider the same way the pages do (site-identity.ts).
 */
import type { ServerConfig } from './server-config';

export type SiteIdentity = {
  name: string;
  /** Postal address lines, empty when none is configured. */
  address: readonly string[];
  /** Where the provider is, for the short mentions: the address's last line. */
  location: string | undefined;
  openingHours: string | undefined;
  /** A `tel:` address. */
  phone: string | undefined;
  email: string | undefined;
};

/** The identity the settings give, named by `domain` when SITE_NAME is unset (work outside a request: the queue's). */
export function siteIdentityOf({ site }: ServerConfig, domain: () => string): SiteIdentity {
  return {
    name: site.name ?? domain(),
    address: site.address,
    location: site.address.at(-1),
    openingHours: site.openingHours,
    phone: site.phone,
    email: site.email,
  };
}

/** The domain outside a request (the queue's and the forwarders' work): SITE_DOMAIN, else SITE_URL's host. */
export function settingsDomain({ site }: ServerConfig): string {
  return site.domain ?? new URL(site.url ?? 'http://localhost').hostname.replace(/^\[|\]$/g, '');
}
