import { describe, expect, test } from 'vitest';
import * as v from 'valibot';
import { SettingsSchema } from '../admin/schemas';
import { breadcrumbList, course, courseList, educationalOrganization, jsonLd, sessionDays } from './structured-data';

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
  test('the configured name and address, telephone, logo and the usable profile links', () => {
    const data = educationalOrganization(origin, provider, settings);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'EducationalOrganization',
      name: 'Gulf Training Partners',
      url: 'https://www.example.com/',
      logo: 'https://admin.example/media/logo.png',
      telephone: '+97317000000',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Unit 7, Seef Business Centre, Road 2825',
        addressLocality: 'Manama, Kingdom of Bahrain',
      },
      sameAs: ['https://facebook.example/x', 'https://linkedin.example/company/x'],
    });
  });

  test("without settings: the site logo, no sameAs, the owner's phone", () => {
    const data = educationalOrganization(origin, provider, undefined);
    expect(data.logo).toBe('https://www.example.com/icon-512.png');
    expect(data).not.toHaveProperty('sameAs');
    expect(data.telephone).toBe('+97317111111');
  });

  test('nothing that is not configured: no address, no telephone', () => {
    const data = educationalOrganization(origin, { name: 'example.com', address: [], phone: undefined }, undefined);
    expect(data.name).toBe('example.com');
    expect(data).not.toHaveProperty('address');
    expect(data).not.toHaveProperty('telephone');
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
  test('ItemList positions start at 1', () => {
    const data = courseList(origin, `${origin}/x`, [{ title: 'A', code: 'a', url: `${origin}/a` }]);
    expect(data).toMatchObject({
      '@type': 'ItemList',
      itemListElement: [{ '@type': 'ListItem', position: 1, url: `${origin}/a` }],
    });
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
