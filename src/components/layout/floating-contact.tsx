'use client';
/**
 * The floating contact button: a round plus that opens three round links (phone,
 * messenger, instagram) and turns 45° into a cross. On large screens hovering also shows the links
 * (CSS only). Escape or a press elsewhere on the page closes it.
 */
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { floatingContactOpenAtom } from '../../lib/atoms';
import { InstagramIcon, MessengerIcon, PhoneIcon, PlusIcon } from './icons';
import styles from './floating-contact.module.css';

const LIST_ID = 'floating-contact-links';

const LINKS = {
  phone: { name: 'Call us', Icon: PhoneIcon, newTab: false },
  messenger: { name: 'Message us on Messenger (opens in a new tab)', Icon: MessengerIcon, newTab: true },
  instagram: { name: 'Instagram (opens in a new tab)', Icon: InstagramIcon, newTab: true },
} as const;

export function FloatingContact({ links }: { links: { key: keyof typeof LINKS; href: string }[] }) {
  const [open, setOpen] = useAtom(floatingContactOpenAtom);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // mark hydration so the no-JavaScript :focus-within fallback in the CSS stands down
    if (rootRef.current) rootRef.current.dataset.enhanced = '';
  }, []);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      if (rootRef.current?.contains(document.activeElement)) toggleRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, setOpen]);

  return (
    <div ref={rootRef} className={styles.root} data-open={open || undefined}>
      <button
        ref={toggleRef}
        className={styles.toggle}
        type="button"
        aria-label="Contact options"
        aria-expanded={open}
        aria-controls={LIST_ID}
        onClick={() => setOpen(!open)}
      >
        <PlusIcon size={28} className={styles.plus} />
      </button>
      <ul id={LIST_ID} className={styles.links}>
        {links.map(({ key, href }) => {
          const { name, Icon, newTab } = LINKS[key];
          return (
            <li key={key}>
              <a
                className={`${styles.link} ${styles[key]}`}
                href={href}
                aria-label={name}
                {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
              >
                <Icon size={22} />
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
