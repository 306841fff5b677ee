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
import { siteIdentityOf, type SiteIdentity } from './provider-identity';
import { siteDomain } from './site-origin';

/** The identity of the site being served (its domain: the one the visitor reached, see site-origin.ts). */
export function siteIdentity(): SiteIdentity {
  return siteIdentityOf(site().settings, siteDomain);
}

/** The provider's name, as titles and headings use it. */
export function siteName(): string {
  return siteIdentity().name;
}
