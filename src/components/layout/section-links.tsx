import { linkTo, MENU_LINKS, type Link } from '../../lib/site-routes';

/** The main sections plus Contact Us: the footer's Explore column and the 404 page's way on. */
const SECTIONS = [...MENU_LINKS, linkTo('/contact-us')];

/** Links as a list: the main sections, unless told others (the footer's bottom line). */
export function SectionLinks({ className, links = SECTIONS }: { className?: string; links?: readonly Link[] }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  );
}
