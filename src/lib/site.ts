/** Facts about the site itself that do not come from the admin. */
export const SITE_NAME = 'Dilmun Academy';

export const NAV_LINKS = [
  { href: '/about', label: 'About Us' },
  { href: '/learning-solutions', label: 'Learning Solutions' },
  { href: '/conferences', label: 'Conferences/Summits' },
  { href: '/destination-training', label: 'Destination Training' },
  { href: '/consultations', label: 'Consultations' },
  { href: '/gallery', label: 'Gallery' },
] as const;
