import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { SettingsSchema } from '../admin/schemas';
import {
  breadcrumbList,
  course,
  COURSE_LIST_MIN,
  courseList,
  educationalOrganization,
  jsonLd,
  openingHoursSpecification,
  ORGANIZATION_LOGO,
  sessionDays,
} from './structured-data';

const origin = 'https://www.example.com';
// through the admin boundary, as the page receives them
const settings = v.parse(SettingsSchema, {
  logo: 'https://admin.example/media/logo.png',
  phone: 'tel:+97317000000',
  messenger: 'https://m.me/x',
  whatsapp: 'https://wa.me/97317000000',
  facebook: 'https://facebook.example/x',
  instagram: 'javascript:alert(1)',
  twitter: '',
  linkedin: 'https://linkedin.example/company/x',
});

const provider = {
  name: 'Gulf Training Partners',
  address: ['Unit 7, Seef Business Centre', 'Road 2825', 'Manama, Kingdom of Bahrain'],
  phone: 'tel:+97317111111',
};

describe('educationalOrganization', () => {
  const owner = {
    ...provider,
    email: 'enquiries@gulf-training.test',
    openingHours: 'Saturday to Wednesday, 9:00 to 16:00',
  };

  test('the configured name, address, contact point with hours, a square logo and the usable profile links', () => {
    const data = educationalOrganization(origin, owner, settings);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'EducationalOrganization',
      name: 'Gulf Training Partners',
      url: 'https://www.example.com/',
      logo: { '@type': 'ImageObject', url: 'https://www.example.com/logo-512.png', width: 512, height: 512 },
      telephone: '+97317000000',
      email: 'enquiries@gulf-training.test',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Unit 7, Seef Business Centre, Road 2825',
        addressLocality: 'Manama',
        addressCountry: 'BH',
      },
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: '+97317000000',
        email: 'enquiries@gulf-training.test',
        hoursAvailable: [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday'],
            opens: '09:00',
            closes: '16:00',
          },
        ],
      },
      sameAs: ['https://facebook.example/x', 'https://linkedin.example/company/x'],
    });
  });

  test('the logo is at least 112 × 112 px, whatever the admin logo is', () => {
    const { logo } = educationalOrganization(origin, owner, settings) as { logo: Record<string, number> };
    expect(logo.width).toBeGreaterThanOrEqual(112);
    expect(logo.height).toBeGreaterThanOrEqual(112);
    expect(ORGANIZATION_LOGO).toMatchObject({ width: logo.width, height: logo.height });
  });

  test("without settings: no sameAs, the owner's phone", () => {
    const data = educationalOrganization(origin, provider, undefined);
    expect(data).not.toHaveProperty('sameAs');
    expect(data.telephone).toBe('+97317111111');
    expect(data.contactPoint).toMatchObject({ telephone: '+97317111111' });
    expect(data.contactPoint).not.toHaveProperty('hoursAvailable');
  });

  test('nothing that is not configured: no address, no telephone, no contact point', () => {
    const data = educationalOrganization(origin, { name: 'example.com', address: [], phone: undefined }, undefined);
    expect(data.name).toBe('example.com');
    expect(data).not.toHaveProperty('address');
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('contactPoint');
  });

  test('an address whose last line is only a place, or names a country we do not know', () => {
    const place = educationalOrganization(origin, { ...provider, address: ['Road 1', 'Manama'] }, undefined);
    expect(place.address).toEqual({ '@type': 'PostalAddress', streetAddress: 'Road 1', addressLocality: 'Manama' });
    const odd = educationalOrganization(origin, { ...provider, address: ['Seef, Atlantis'] }, undefined);
    expect(odd.address).toEqual({ '@type': 'PostalAddress', addressLocality: 'Seef', addressCountry: 'Atlantis' });
  });
});

describe('openingHoursSpecification', () => {
  test('days and hours in the usual forms, ranges wrapping around the week, several parts', () => {
    expect(openingHoursSpecification('Sunday to Thursday, 8:00 to 17:00')).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'],
        opens: '08:00',
        closes: '17:00',
      },
    ]);
    expect(openingHoursSpecification('Sunday to Thursday, 8:00 to 17:00 (Bahrain time)')).toEqual([
      expect.objectContaining({ opens: '08:00', closes: '17:00' }),
    ]);
    expect(openingHoursSpecification('Sun-Thu 08.30-17.00; Saturday 9am to 1:30 pm')).toEqual([
      expect.objectContaining({ dayOfWeek: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '08:30' }),
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '13:30' },
    ]);
    expect(openingHoursSpecification('Fr–Sa: 10:00–14:00')).toEqual([
      expect.objectContaining({ dayOfWeek: ['Friday', 'Saturday'], opens: '10:00', closes: '14:00' }),
    ]);
  });

  test('anything else gives no hours rather than wrong ones', () => {
    for (const line of [
      '',
      'By appointment',
      'Sunday to Thursday',
      'Someday 8:00 to 17:00',
      'Mon 25:00 to 26:00',
      'Mon 13pm-2pm',
    ]) {
      expect(openingHoursSpecification(line), line).toBeUndefined();
    }
    expect(openingHoursSpecification(undefined)).toBeUndefined();
  });
});

describe('course', () => {
  const url = `${origin}/subCourse-details/leading-teams`;
  const base = {
    providerName: 'Gulf Training Partners',
    title: 'Leading Teams',
    description: 'Lead well.',
    code: 'ML-1',
    url,
    image: `${origin}/og-image.png`,
  };

  test('a Course with one CourseInstance per session, each with what Google requires', () => {
    const data = course(origin, {
      ...base,
      sessions: [
        { start_date: '2026-03-01', end_date: '2026-03-05', venue_name: 'Dubai', course_fee: 4875 },
        { start_date: '2026-04-12', end_date: '2026-04-14', venue_name: 'Manama', course_fee: 2925.5 },
      ],
    });
    expect(data).toMatchObject({
      '@type': 'Course',
      name: 'Leading Teams',
      description: 'Lead well.',
      courseCode: 'ML-1',
    });
    expect(data.provider).toMatchObject({ '@type': 'EducationalOrganization', name: 'Gulf Training Partners' });
    const instances = data.hasCourseInstance as Record<string, unknown>[];
    expect(instances).toHaveLength(2);
    expect(instances[1]).toMatchObject({
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      startDate: '2026-04-12',
      endDate: '2026-04-14',
      courseSchedule: { '@type': 'Schedule', repeatFrequency: 'Daily', repeatCount: 3 },
      location: { '@type': 'Place', name: 'Manama', address: { '@type': 'PostalAddress', addressLocality: 'Manama' } },
      offers: { '@type': 'Offer', category: 'Paid', price: 2925.5, priceCurrency: 'USD' },
    });
    expect(data.offers).toHaveLength(2);
  });

  test('a course without sessions is described, with no offer and no instance', () => {
    const data = course(origin, { ...base, description: '', code: undefined, sessions: [] });
    expect(data.description).toMatch(/Leading Teams/);
    expect(data).not.toHaveProperty('hasCourseInstance');
    expect(data).not.toHaveProperty('offers');
    expect(data).not.toHaveProperty('courseCode');
  });

  test('sessionDays counts both ends', () => {
    expect(sessionDays({ start_date: '2026-03-29', end_date: '2026-04-02' })).toBe(5);
    expect(sessionDays({ start_date: '2026-03-29', end_date: '2026-03-28' })).toBe(1);
  });
});

describe('lists', () => {
  const listed = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      title: `Course ${i + 1}`,
      code: i === 0 ? '' : `C-${i + 1}`,
      url: `${origin}/c/${i + 1}`,
      description: `What course ${i + 1} teaches.`,
    }));

  test('a Course list of three or more courses, each a Course with name, description and provider', () => {
    const data = courseList(origin, `${origin}/x`, 'Gulf Training Partners', listed(3));
    expect(data).toMatchObject({ '@type': 'ItemList', url: `${origin}/x`, numberOfItems: 3 });
    const items = data!.itemListElement as Record<string, unknown>[];
    expect(items.map((item) => item.position)).toEqual([1, 2, 3]);
    expect(items[1]).toEqual({
      '@type': 'ListItem',
      position: 2,
      item: {
        '@type': 'Course',
        url: `${origin}/c/2`,
        name: 'Course 2',
        description: 'What course 2 teaches.',
        courseCode: 'C-2',
        provider: expect.objectContaining({ '@type': 'EducationalOrganization', name: 'Gulf Training Partners' }),
      },
    });
    expect(items[0]!.item).not.toHaveProperty('courseCode');
  });

  test('a page of a longer list describes its own courses, at their places in the whole list', () => {
    const data = courseList(origin, `${origin}/x?page=2`, 'P', listed(3), { first: 51, total: 120 });
    expect(data).toMatchObject({ url: `${origin}/x?page=2`, numberOfItems: 120 });
    const items = data!.itemListElement as Record<string, unknown>[];
    expect(items.map((item) => item.position)).toEqual([51, 52, 53]);
  });

  test('no list that cannot qualify: fewer than three courses, or one without a name or description', () => {
    expect(COURSE_LIST_MIN).toBe(3);
    for (const n of [0, 1, 2]) expect(courseList(origin, `${origin}/x`, 'P', listed(n))).toBeUndefined();
    const noDescription = listed(4).map((item, i) => (i === 2 ? { ...item, description: ' ' } : item));
    expect(courseList(origin, `${origin}/x`, 'P', noDescription)).toBeUndefined();
    const noName = listed(4).map((item, i) => (i === 3 ? { ...item, title: '' } : item));
    expect(courseList(origin, `${origin}/x`, 'P', noName)).toBeUndefined();
  });

  test('BreadcrumbList', () => {
    const data = breadcrumbList([
      { name: 'Home', url: `${origin}/` },
      { name: 'Course', url: `${origin}/c` },
    ]);
    expect((data.itemListElement as unknown[]).at(-1)).toEqual({
      '@type': 'ListItem',
      position: 2,
      name: 'Course',
      item: `${origin}/c`,
    });
  });
});

describe('jsonLd', () => {
  test('admin text cannot close the script element, and parses back unchanged', () => {
    const name = '</script><script>alert(1)</script><!-- & \u2028';
    const text = jsonLd({ name });
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual({ name });
  });
});
