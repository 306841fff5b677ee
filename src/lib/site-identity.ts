/**
 * Who the site speaks for: the provider's name, address, hours and fallback contact details, from the
 * owner's settings (SITE_NAME, SITE_ADDRESS, SITE_OPENING_HOURS, SITE_PHONE, SITE_EMAIL). The admin's content
 * carries none of these. Server components read it here; client components receive it as props.
 *
 * A setting that is unset is never filled with someone else's details: without SITE_NAME the site is named
 * by its domain (what the visitor typed, so it is true), and without an address there is no address block.
 */
import 'server-only';
import { site } from '../site';
import type { ServerConfig } from './server-config';
import { siteDomain } from './site-origin';

type SiteIdentity = {
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

/** The identity of the site being served (its domain: the one the visitor reached, see site-origin.ts). */
export function siteIdentity(): SiteIdentity {
  return siteIdentityOf(site().settings, siteDomain);
}

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

/** The provider's name, as titles and headings use it. */
export function siteName(): string {
  return siteIdentity().name;
}
