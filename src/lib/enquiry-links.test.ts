import { expect, test } from 'vitest';
import { inHouseProposalHref } from './enquiry-links';

test('an in-house proposal link chooses "team" and names the course', () => {
  const url = new URL(inHouseProposalHref('HR Analytics'), 'https://site.example');
  expect(url.searchParams.get('trainingFor')).toBe('team');
  expect(url.searchParams.get('message')).toContain('"HR Analytics"');
});
