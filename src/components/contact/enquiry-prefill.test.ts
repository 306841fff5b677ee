import { describe, expect, test } from 'vitest';
import { inHouseProposalHref } from '../../lib/enquiry-links';
import { enquiryPrefillFromQuery, PREFILL_MESSAGE_MAX } from './enquiry-prefill';

const queryOf = (href: string) => new URL(href, 'http://site.test').searchParams.toString();

describe('enquiryPrefillFromQuery', () => {
  test('reads message and trainingFor', () => {
    expect(enquiryPrefillFromQuery('message=Hello+there&trainingFor=team')).toEqual({
      message: 'Hello there',
      trainingFor: 'team',
    });
    expect(enquiryPrefillFromQuery('trainingFor=myself')).toEqual({ trainingFor: 'myself' });
  });

  test('ignores unknown trainingFor values and other parameters', () => {
    expect(enquiryPrefillFromQuery('trainingFor=everyone&email=a%40b.c&firstName=X')).toBeUndefined();
    expect(enquiryPrefillFromQuery('message=Hi&trainingFor=Team')).toEqual({ message: 'Hi' });
  });

  test('no query, an empty or blank message: nothing to prefill', () => {
    expect(enquiryPrefillFromQuery(undefined)).toBeUndefined();
    expect(enquiryPrefillFromQuery('')).toBeUndefined();
    expect(enquiryPrefillFromQuery('message=%20%20')).toBeUndefined();
  });

  test('caps a very long message', () => {
    const prefill = enquiryPrefillFromQuery(`message=${'a'.repeat(PREFILL_MESSAGE_MAX + 50)}`);
    expect(prefill?.message).toHaveLength(PREFILL_MESSAGE_MAX);
  });

  test('round-trips the links the course pages make', () => {
    expect(enquiryPrefillFromQuery(queryOf(inHouseProposalHref('Risk & Audit')))).toEqual({
      trainingFor: 'team',
      message: 'Please send us a proposal for an in-house (onsite) delivery of "Risk & Audit" for our team.',
    });
  });
});
