/**
 * schema.org structured data (JSON-LD) built from the admin's content: plain objects, serialised by
 * `jsonLd()`. The shapes follow schema.org and what Google's rich results read: Course info (a Course with a
 * provider, offers with a category, and course instances with a course mode and a schedule) and Event (a
 * CourseInstance is an Event: name, start date and a location with an address).
 */
import type { CourseVenue, Settings, TrainingCourse } from '../admin/schemas';
import { urlScheme } from '../rich-text/safe-url';

export type JsonLdObject = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];

const CONTEXT = 'https://schema.org';

/** Who the site speaks for, as the owner configured it (siteIdentity()): nothing is filled in that is not. */
type ProviderIdentity = {
  name: string;
  /** Postal address lines; the last one is the place (e.g. "Manama, Kingdom of Bahrain"). */
  address: readonly string[];
  /** A `tel:` address, used when the admin's settings have no phone. */
  phone: string | undefined;
};

function postalAddress(lines: readonly string[]): JsonLdObject | undefined {
  if (lines.length === 0) return undefined;
  const street = lines.slice(0, -1).join(', ');
  return { '@type': 'PostalAddress', ...(street ? { streetAddress: street } : {}), addressLocality: lines.at(-1)! };
}

/** The social networks whose profile addresses identify the provider (`sameAs`). */
const PROFILE_KEYS = ['facebook', 'instagram', 'twitter', 'linkedin'] as const;

function absoluteHttpUrl(value: string | undefined, origin: string): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const scheme = urlScheme(trimmed);
  if (scheme !== null && scheme !== 'http' && scheme !== 'https') return undefined;
  try {
    return new URL(trimmed, `${origin}/`).href;
  } catch {
    return undefined;
  }
}

function organizationId(origin: string): string {
  return `${origin}/#organization`;
}

/** The provider, on every page. `settings` is undefined when the admin's settings could not be read. */
export function educationalOrganization(
  origin: string,
  provider: ProviderIdentity,
  settings: Settings | undefined,
): JsonLdObject {
  const logo = absoluteHttpUrl(settings?.logo, origin) ?? `${origin}/icon-512.png`;
  const phone = (settings?.phone.trim() || provider.phone)?.replace(/^tel:/i, '');
  const address = postalAddress(provider.address);
  const sameAs = PROFILE_KEYS.map((key) => absoluteHttpUrl(settings?.[key], origin)).filter(
    (href): href is string => href !== undefined,
  );
  return {
    '@context': CONTEXT,
    '@type': 'EducationalOrganization',
    '@id': organizationId(origin),
    name: provider.name,
    url: `${origin}/`,
    logo,
    ...(phone ? { telephone: decodePhone(phone) } : {}),
    ...(address ? { address } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

function decodePhone(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The provider as referenced from a course: name and address, tied to the page-wide node by its @id. */
function providerReference(origin: string, name: string): JsonLdObject {
  return { '@type': 'EducationalOrganization', '@id': organizationId(origin), name, url: `${origin}/` };
}

/** Days from start to end, both included ("2026-03-01" to "2026-03-05" is 5). */
export function sessionDays(session: Pick<CourseVenue, 'start_date' | 'end_date'>): number {
  const days = (Date.parse(session.end_date) - Date.parse(session.start_date)) / 86_400_000 + 1;
  return Number.isFinite(days) && days >= 1 ? Math.round(days) : 1;
}

export type CourseData = {
  /** The provider's name (siteName()). */
  providerName: string;
  title: string;
  /** Plain text, already bounded. */
  description: string;
  code: string | undefined;
  sessions: readonly CourseVenue[];
  /** Absolute address of the sub-course page. */
  url: string;
  image: string;
};

/** A sub-course page: the Course and one CourseInstance (an Event) per session. */
export function course(origin: string, data: CourseData): JsonLdObject {
  const description = data.description || `${data.title}: an open training course by ${data.providerName}.`;
  const offerFor = (session: CourseVenue): JsonLdObject => ({
    '@type': 'Offer',
    category: 'Paid',
    price: session.course_fee,
    priceCurrency: 'USD',
    url: data.url,
    availability: 'https://schema.org/InStock',
  });
  const instances = data.sessions.map((session): JsonLdObject => ({
    '@type': 'CourseInstance',
    name: data.title,
    description,
    courseMode: 'Onsite',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: session.start_date,
    endDate: session.end_date,
    courseSchedule: {
      '@type': 'Schedule',
      repeatFrequency: 'Daily',
      repeatCount: sessionDays(session),
      startDate: session.start_date,
      endDate: session.end_date,
    },
    location: {
      '@type': 'Place',
      name: session.venue_name,
      address: { '@type': 'PostalAddress', addressLocality: session.venue_name },
    },
    image: data.image,
    url: data.url,
    organizer: providerReference(origin, data.providerName),
    offers: offerFor(session),
  }));
  return {
    '@context': CONTEXT,
    '@type': 'Course',
    '@id': `${data.url}#course`,
    name: data.title,
    description,
    url: data.url,
    image: data.image,
    ...(data.code ? { courseCode: data.code } : {}),
    inLanguage: 'en',
    provider: providerReference(origin, data.providerName),
    // without sessions there is no fee to state: the course is listed, not offered
    ...(instances.length ? { offers: data.sessions.map(offerFor), hasCourseInstance: instances } : {}),
  };
}

/** A course-details page: its courses, in the order shown, as a list of Course summaries. */
export function courseList(
  origin: string,
  pageUrl: string,
  courses: readonly (Pick<TrainingCourse, 'title' | 'code'> & { url: string })[],
): JsonLdObject {
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    url: pageUrl,
    numberOfItems: courses.length,
    itemListElement: courses.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: item.url,
      name: item.title,
    })),
  };
}

/** Breadcrumbs as shown: every crumb with an address, the current page last. Absolute addresses. */
export function breadcrumbList(crumbs: readonly { name: string; url: string }[]): JsonLdObject {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

/**
 * JSON for a `<script type="application/ld+json">`: `<` (and `>`, `&`, U+2028/9) written as \u escapes, so
 * admin text can neither close the script element nor start an HTML comment in it; JSON parsers read the
 * escapes back as the same characters.
 */
export function jsonLd(data: JsonLdObject | JsonLdObject[]): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
