/**
 * Social profile links from the settings, as round or square brand buttons. Used by the fixed vertical
 * social bar and by the footer's "follow us" row, each with its own order.
 */
import type { ComponentType } from 'react';
import { FacebookIcon, InstagramIcon, LinkedInIcon, WhatsAppIcon, XIcon } from './icons';
import { SOCIAL_NAMES } from './settings-links';

export type SocialKey = 'facebook' | 'whatsapp' | 'linkedin' | 'twitter' | 'instagram';

const SOCIAL_ICONS: Record<SocialKey, ComponentType<{ size?: number }>> = {
  facebook: FacebookIcon,
  whatsapp: WhatsAppIcon,
  linkedin: LinkedInIcon,
  twitter: XIcon,
  instagram: InstagramIcon,
};

/** One external profile link: named for screen readers, opened in a new tab without handing over `window.opener`. */
export function SocialLink({
  network,
  href,
  className,
  iconSize = 20,
}: {
  network: SocialKey;
  href: string;
  className?: string;
  iconSize?: number;
}) {
  const Icon = SOCIAL_ICONS[network];
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${SOCIAL_NAMES[network]} (opens in a new tab)`}
      data-network={network}
    >
      <Icon size={iconSize} />
    </a>
  );
}
