/**
 * Inline SVG icons: no icon font and no request. They are decorative (aria-hidden): the link, button or
 * text beside each one carries the meaning. Usable from server and client components.
 */
import type { ReactNode } from 'react';

type IconProps = { size?: number; className?: string };

function Icon({ size = 20, className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** An icon component drawing `drawing` (made once, at load). */
const icon = (drawing: ReactNode) => (props: IconProps) => <Icon {...props}>{drawing}</Icon>;

/** An icon filled from one path. */
const filled = (d: string) => icon(<path fill="currentColor" d={d} />);

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const SearchIcon = icon(
  <>
    <circle cx="10.5" cy="10.5" r="6.5" {...stroke} />
    <path d="M15.5 15.5 21 21" {...stroke} />
  </>,
);

/** A filled circle with a white tick: a done thing (a sent enquiry, an item of a list of benefits). */
export const CheckCircleIcon = icon(
  <>
    <circle cx="12" cy="12" r="11" fill="currentColor" />
    <path d="M7 12.5l3.2 3.2L17 9" {...stroke} stroke="#fff" strokeWidth={2.4} />
  </>,
);

export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" {...stroke} />);

export const CloseIcon = icon(<path d="M6 6l12 12M18 6 6 18" {...stroke} />);

export const PlusIcon = icon(<path d="M12 5v14M5 12h14" {...stroke} strokeWidth={2.5} />);

export const PhoneIcon = filled(
  'M6.6 10.8a15.2 15.2 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z',
);

export const LocationIcon = filled(
  'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5a2.5 2.5 0 1 1 0-5 2.5 2.5 0 0 1 0 5z',
);

export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" {...stroke} />
    <path d="m3 7 9 6 9-6" {...stroke} />
  </>,
);

export const FacebookIcon = filled(
  'M13.5 22v-8h2.7l.4-3.2h-3.1V8.8c0-.9.3-1.5 1.6-1.5h1.7V4.4c-.3 0-1.3-.1-2.4-.1-2.4 0-4 1.5-4 4.1v2.4H7.7V14h2.7v8z',
);

export const WhatsAppIcon = icon(
  <>
    <path d="M3.6 20.4 4.9 16A8.6 8.6 0 1 1 8 19.2z" {...stroke} strokeWidth={1.8} />
    <path
      fill="currentColor"
      d="M9.2 7.6c.2-.4.5-.4.8-.4h.5c.2 0 .4.1.5.4l.7 1.7c.1.2 0 .5-.1.7l-.5.6c-.1.2-.1.4 0 .5.6 1 1.4 1.8 2.4 2.3.2.1.4.1.5-.1l.6-.7c.2-.2.4-.2.6-.1l1.7.8c.2.1.4.3.4.5 0 .6-.2 1.3-.7 1.7-.6.5-1.4.7-2.2.5-1.6-.4-3.1-1.3-4.3-2.5-1.1-1.1-2-2.5-2.3-4-.2-.8 0-1.6.5-2.2z"
    />
  </>,
);

export const LinkedInIcon = filled(
  'M5 3.5a2.2 2.2 0 1 1 0 4.4 2.2 2.2 0 0 1 0-4.4zM3.1 9.6h3.8V21H3.1zM9.4 9.6h3.6v1.6h.1c.5-.9 1.7-1.9 3.6-1.9 3.8 0 4.5 2.5 4.5 5.8V21h-3.8v-5.2c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21H9.4z',
);

export const XIcon = filled(
  'M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.9 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.5z',
);

export const InstagramIcon = icon(
  <>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" {...stroke} />
    <circle cx="12" cy="12" r="4" {...stroke} />
    <circle cx="17.2" cy="6.8" r="1.2" fill="currentColor" />
  </>,
);

export const MessengerIcon = icon(
  <>
    <path
      d="M12 2.8c-5.1 0-9.2 3.8-9.2 8.6 0 2.6 1.2 5 3.3 6.6v3.7l3.2-1.8c.9.3 1.8.4 2.7.4 5.1 0 9.2-3.8 9.2-8.6S17.1 2.8 12 2.8z"
      {...stroke}
      strokeWidth={1.8}
    />
    <path fill="currentColor" d="m6.6 14.3 3.6-3.8 2.2 1.9 3.4-3.6-3.6 5.5-2.2-1.9z" />
  </>,
);
