import { linkTo, MENU_LINKS } from '../../lib/site-routes';

/** The main sections plus Contact Us, as a list: the footer's Explore column and the 404 page's way on. */
export function SectionLinks({ className }: { className?: string }) {
  return (
    <ul className={className}>
      {[...MENU_LINKS, linkTo('/contact-us')].map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}
