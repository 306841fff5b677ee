/**
 * Social profile links from the settings, as round or square brand buttons. Used by the fixed vertical
 * social bar and by the footer's "follow us" row, each with its own order.
 */
import { FacebookIcon, InstagramIcon, LinkedInIcon, WhatsAppIcon, XIcon } from './icons';

/** Each network's icon, and its brand name as screen readers should announce it. */
const NETWORKS = {
  facebook: { name: 'Facebook', Icon: FacebookIcon },
  whatsapp: { name: 'WhatsApp', Icon: WhatsAppIcon },
  linkedin: { name: 'LinkedIn', Icon: LinkedInIcon },
  twitter: { name: 'X (Twitter)', Icon: XIcon },
  instagram: { name: 'Instagram', Icon: InstagramIcon },
} as const;
type Network = keyof typeof NETWORKS;

/** One external profile link: named for screen readers, opened in a new tab without handing over `window.opener`. */
export function SocialLink({ network, href, className }: { network: Network; href: string; className?: string }) {
  const { name, Icon } = NETWORKS[network];
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${name} (opens in a new tab)`}
      data-network={network}
    >
      <Icon size={20} />
    </a>
  );
}
