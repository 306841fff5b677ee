/**
 * schema.org structured data (JSON-LD) built from the admin's content: plain objects, serialised by
 * `jsonLd()`. The shapes follow schema.org and what Google's rich results still read (record 025): Course
 * list (an ItemList of at least three courses, each with a name and a description), Event (a CourseInstance
 * is an Event: name, start date and a location with an address) and the organisation (logo of at least
 * 112 × 112 px, address, contact point). Google retired the Course info rich result in September 2025; the
 * Course nodes stay because the list and the events hang off them.
 */
import type { CourseVenue, Settings } from '../admin/schemas';
import { COUNTRIES } from '../enquiry/countries';
import type { SiteIdentity } from '../provider-identity';
import { urlScheme } from '../rich-text/safe-url';

export type JsonLdObject = { [key: string]: JsonLdValue };
type JsonLdValue = string | number | boolean | null | JsonLdObject | JsonLdValue[];

const CONTEXT = 'https://schema.org';

/**
 * Who the site speaks for, as the owner configured it (siteIdentity()): nothing is filled in that is not. The
 * address's last line is the place (postalAddress); the phone is used when the admin's settings have none.
 */
type ProviderIdentity = Pick<SiteIdentity, 'name' | 'address' | 'phone'> &
  Partial<Pick<SiteIdentity, 'email' | 'openingHours'>>;

/**
 * The organisation's logo for search engines: the site's own square mark (public/logo-512.png, drawn by
 * scripts/icons/make-icons.mjs). Google wants at least 112 × 112 px; the admin's logo is a header banner
 * of unknown size (the demo's is 360 × 96), so it is not offered there.
 */
export const ORGANIZATION_LOGO = { path: '/logo-512.png', width: 512, height: 512 } as const;

/** "Kingdom of Bahrain", "Bahrain", "bahrain" → "BH"; undefined when the text names no known country. */
function countryCode(text: string): string | undefined {
  const folded = text.trim().toLowerCase();
  const found = COUNTRIES.find((country) => {
    const name = country.label.toLowerCase();
    return folded === name || folded.endsWith(` of ${name}`) || folded === country.value.toLowerCase();
  });
  return found?.value;
}

/**
 * The owner's address lines as a PostalAddress: the lines before the last are the street address; the last
 * is "place, country" (the country as its ISO code when it is one we know) or just the place.
 */
function postalAddress(lines: readonly string[]): JsonLdObject | undefined {
  if (lines.length === 0) return undefined;
  const street = lines.slice(0, -1).join(', ');
  const last = lines.at(-1)!;
  const comma = last.lastIndexOf(',');
  const place = comma > 0 ? last.slice(0, comma).trim() : last;
  const country = comma > 0 ? last.slice(comma + 1).trim() : '';
  const code = country ? countryCode(country) : countryCode(last);
  return {
    '@type': 'PostalAddress',
    ...(street ? { streetAddress: street } : {}),
    ...(code && !country ? {} : { addressLocality: place }),
    ...(country || code ? { addressCountry: code ?? country } : {}),
  };
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "Sunday", "Sun", "Su" → 0 (every two-letter start is unique); -1 when not a day. */
function dayIndex(word: string): number {
  const folded = word.toLowerCase().replace(/\.$/, '');
  if (folded.length < 2) return -1;
  return DAYS.findIndex((day) => day.toLowerCase().startsWith(folded));
}

/** "8:00", "08.30", "5pm", "5:30 p.m." → "08:00", "08:30", "17:00", "17:30"; undefined when not a time. */
function clockTime(text: string): string | undefined {
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?$/i.exec(text.trim());
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  const half = match[3]?.[0]?.toLowerCase();
  if (minute > 59) return undefined;
  if (half) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (half === 'p' ? 12 : 0);
  } else if (hour > 24 || !match[2]) return undefined;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

const RANGE = '\\s*(?:to|until|till|through|-|–|—)\\s*';
const HOURS_PART = new RegExp(
  `^([A-Za-z.]+)(?:${RANGE}([A-Za-z.]+))?\\s*[,:]?\\s*(\\d[\\d:. apm]*?)${RANGE}(\\d[\\d:. apm]*)$`,
  'i',
);

/**
 * The owner's SITE_OPENING_HOURS line as OpeningHoursSpecifications: one or more parts separated by `;`,
 * each "<day> [to <day>], <time> to <time>" ("Sunday to Thursday, 8:00 to 17:00 (Bahrain time); Saturday 9am-1pm"; day
 * ranges may wrap around the week). A line in any other form gives undefined: no hours rather than wrong ones.
 */
export function openingHoursSpecification(line: string | undefined): JsonLdObject[] | undefined {
  if (!line?.trim()) return undefined;
  const specs: JsonLdObject[] = [];
  for (const part of line.split(/\s*;\s*/).filter(Boolean)) {
    // a note in brackets ("(Bahrain time)") is for readers; the hours are local time anyway
    const match = HOURS_PART.exec(part.replace(/\([^)]*\)/g, ' ').trim());
    if (!match) return undefined;
    const first = dayIndex(match[1]!);
    const last = match[2] ? dayIndex(match[2]) : first;
    const opens = clockTime(match[3]!);
    const closes = clockTime(match[4]!);
    if (first < 0 || last < 0 || !opens || !closes) return undefined;
    const days: string[] = [];
    for (let day = first; ; day = (day + 1) % 7) {
      days.push(DAYS[day]!);
      if (day === last) break;
    }
    specs.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: days, opens, closes });
  }
  return specs;
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
  const rawPhone = (settings?.phone.trim() || provider.phone)?.replace(/^tel:/i, '');
  const telephone = rawPhone ? decodePhone(rawPhone) : undefined;
  const email = provider.email?.trim() || undefined;
  const address = postalAddress(provider.address);
  const hours = openingHoursSpecification(provider.openingHours);
  const sameAs = PROFILE_KEYS.map((key) => absoluteHttpUrl(settings?.[key], origin)).filter(
    (href): href is string => href !== undefined,
  );
  // Google reads a contact point with a telephone or an e-mail address; the hours are when it answers
  const contactPoint: JsonLdObject | undefined =
    telephone || email
      ? {
          '@type': 'ContactPoint',
          contactType: 'customer service',
          ...(telephone ? { telephone } : {}),
          ...(email ? { email } : {}),
          ...(hours ? { hoursAvailable: hours } : {}),
          availableLanguage: 'en',
        }
      : undefined;
  return {
    '@context': CONTEXT,
    '@type': 'EducationalOrganization',
    '@id': organizationId(origin),
    name: provider.name,
    url: `${origin}/`,
    logo: {
      '@type': 'ImageObject',
      url: `${origin}${ORGANIZATION_LOGO.path}`,
      width: ORGANIZATION_LOGO.width,
      height: ORGANIZATION_LOGO.height,
    },
    ...(telephone ? { telephone } : {}),
    ...(email ? { email } : {}),
    ...(address ? { address } : {}),
    ...(contactPoint ? { contactPoint } : {}),
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

/** A course as a category page lists it: its own description is what qualifies the list (courseSummary). */
export type ListedCourse = { title: string; code: string; url: string; description: string };

/** Google's Course list needs at least this many courses, each with a name and a description. */
export const COURSE_LIST_MIN = 3;

/**
 * A course-details page: its courses, in the order shown, as a Course list, only when it can qualify for
 * the rich result (COURSE_LIST_MIN courses or more, every one with a name and a description); otherwise
 * undefined, since a list Google will not use only adds weight.
 * A category in pages (record 040) describes only the page's courses, so the data stays as bounded as the
 * page: `place` says where they sit in the whole list (their positions) and how long it is (schema.org's
 * numberOfItems counts the full list when a page shows part of it).
 */
export function courseList(
  origin: string,
  pageUrl: string,
  providerName: string,
  courses: readonly ListedCourse[],
  place: { first: number; total: number } = { first: 1, total: courses.length },
): JsonLdObject | undefined {
  if (courses.length < COURSE_LIST_MIN) return undefined;
  if (courses.some((item) => !item.title.trim() || !item.description.trim())) return undefined;
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    url: pageUrl,
    numberOfItems: place.total,
    itemListElement: courses.map((item, index) => ({
      '@type': 'ListItem',
      position: place.first + index,
      item: {
        '@type': 'Course',
        url: item.url,
        name: item.title.trim(),
        description: item.description.trim(),
        ...(item.code.trim() ? { courseCode: item.code.trim() } : {}),
        provider: providerReference(origin, providerName),
      },
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
