/**
 * Facts about the site's structure that do not come from the admin. Who the site speaks for (name, address,
 * hours) is the owner's configuration: see site-identity.ts.
 */
export const NAV_LINKS = [
  { href: '/about', label: 'About Us' },
  { href: '/learning-solutions', label: 'Learning Solutions' },
  { href: '/conferences', label: 'Conferences/Summits' },
  { href: '/destination-training', label: 'Destination Training' },
  { href: '/consultations', label: 'Consultations' },
  { href: '/gallery', label: 'Gallery' },
] as const;

/**
 * The footer's legal texts.
 * An entry without an `href` renders as plain text.
 */
export const FOOTER_LEGAL_TEXTS: readonly { label: string; href?: string }[] = [
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Sitemap', href: '/sitemap' },
];
