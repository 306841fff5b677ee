import { expect, test } from 'vitest';
import { inHouseProposalHref, registerHref } from './enquiry-links';

test('a Register link carries the course, dates and venue in the message', () => {
  const href = registerHref({
    course: 'Finance & Budgeting',
    startDate: '2027-02-14',
    endDate: '2027-02-18',
    venue: 'Dubai',
  });
  const url = new URL(href, 'https://site.example');
  expect(url.pathname).toBe('/contact-us');
  expect(url.searchParams.get('message')).toBe(
    'I would like to register for "Finance & Budgeting", 14 Feb 2027 to 18 Feb 2027 in Dubai.',
  );
  expect(url.searchParams.get('trainingFor')).toBeNull();
});

test('an in-house proposal link chooses "team" and names the course', () => {
  const url = new URL(inHouseProposalHref('HR Analytics'), 'https://site.example');
  expect(url.searchParams.get('trainingFor')).toBe('team');
  expect(url.searchParams.get('message')).toContain('"HR Analytics"');
});
