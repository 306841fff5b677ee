'use client';
/**
 * The mobile slide-in menu: a toggle in the header and a modal panel with the navigation links
 * (behaviour in use-toggled-dialog.ts). It closes when a link is followed, including client-side route
 * changes, so a page restored from the back/forward cache never shows it open.
 */
import { useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useRouter } from 'waku';
import { mobileMenuOpenAtom } from '../../lib/atoms';
import { href, MENU_LINKS } from '../../lib/site-routes';
import { CloseIcon, MenuIcon } from './icons';
import styles from './mobile-menu.module.css';
import { pressHandlers, useToggledDialog } from './use-toggled-dialog';

const PANEL_ID = 'site-menu';
const TOGGLE_ID = 'site-menu-toggle';

export function MobileMenu() {
  const [open, setOpen] = useAtom(mobileMenuOpenAtom);
  const { dialogRef, toggleRef, show, hide } = useToggledDialog({ open, setOpen });

  const { path } = useRouter();
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    setOpen(false);
  }, [path, setOpen]);

  return (
    <>
      <a
        ref={toggleRef}
        id={TOGGLE_ID}
        className={styles.toggle}
        href={`#${PANEL_ID}`}
        role="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        {...pressHandlers(() => (dialogRef.current?.open ? hide() : show()))}
      >
        {open ? <CloseIcon size={26} /> : <MenuIcon size={26} />}
      </a>
      <dialog
        ref={dialogRef}
        id={PANEL_ID}
        className={styles.panel}
        aria-label="Menu"
        onClick={(event) => {
          // a click on the dimmed backdrop lands on the dialog itself, not on the sheet inside it
          if (event.target === event.currentTarget) hide();
        }}
      >
        <div className={styles.sheet}>
          <div className={styles.sheetHead}>
            <span className={styles.sheetTitle} aria-hidden="true">
              Menu
            </span>
            <a
              className={styles.close}
              href={`#${TOGGLE_ID}`}
              role="button"
              aria-label="Close menu"
              {...pressHandlers(hide)}
            >
              <CloseIcon size={26} />
            </a>
          </div>
          <nav aria-label="Main">
            <ul className={styles.links}>
              {MENU_LINKS.map((link) => (
                <li key={link.href}>
                  <a className={styles.link} href={link.href} onClick={() => setOpen(false)}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <a className={styles.contact} href={href('/contact-us')} onClick={() => setOpen(false)}>
            Contact Us
          </a>
        </div>
      </dialog>
    </>
  );
}
