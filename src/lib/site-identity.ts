/**
 * Who the site speaks for: the provider's name, address, hours and fallback contact details, from the
 * owner's settings (SITE_NAME, SITE_ADDRESS, SITE_OPENING_HOURS, SITE_PHONE, SITE_EMAIL). The admin's content
 * carries none of these. Server components read it here; client components receive it as props.
 *
 * A setting that is unset is never filled with someone else's details: without SITE_NAME the site is named
 * by its domain (what the visitor typed, so it is true), and without an address there is no address block.
 */
import 'server-only';
import { serverConfig } from './server-config';
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

export function siteIdentity(): SiteIdentity {
  const { site } = serverConfig();
  return {
    name: site.name ?? siteDomain(),
    address: site.address,
    location: site.address.at(-1),
    openingHours: site.openingHours,
    phone: site.phone,
    email: site.email,
  };
}

/** The provider's name, as titles and headings use it. */
export function siteName(): string {
  return siteIdentity().name;
}
