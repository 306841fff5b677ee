// The shared schema as the browser uses it: straight from the form's FormData.
import { describe, expect, test } from 'vitest';
import { COUNTRIES } from './countries';
import { NATIVE_COUNTRY_NAMES } from './countries-native';
import { newFormToken } from './form-token';
import { CONTACT_FIELDS, readFormInput, REQUIRED_MESSAGES, typedValues, validateEnquiry } from './schema';

function formData(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const valid: [string, string][] = [
  ['firstName', 'Aisha'],
  ['lastName', 'Al-Khalifa'],
  ['email', 'aisha@bapco.com.bh'],
  ['company', 'Bapco'],
  ['jobTitle', 'HR Manager'],
  ['phone', '+973 1700 0000'],
  ['country', 'BH'],
  ['trainingFor', 'myself'],
  ['message', 'Line one\nLine two, budget < 5000'],
  ['subscribe', 'yes'],
  ['consent', 'yes'],
];

describe('validateEnquiry', () => {
  test("an empty form: the spec's eleven messages, one per field, in form order", () => {
    const result = validateEnquiry('contact', readFormInput(new FormData(), CONTACT_FIELDS));
    expect(result).toEqual({ ok: false, errors: REQUIRED_MESSAGES });
    expect(Object.keys(REQUIRED_MESSAGES)).toEqual([...CONTACT_FIELDS]);
  });

  test('a complete form passes, trimmed, with ticked boxes as true', () => {
    const padded = valid.map(([name, value]): [string, string] =>
      name === 'firstName' ? [name, `  ${value}  `] : [name, value],
    );
    const result = validateEnquiry('contact', readFormInput(formData(padded), CONTACT_FIELDS));
    expect(result).toEqual({
      ok: true,
      fields: {
        firstName: 'Aisha',
        lastName: 'Al-Khalifa',
        email: 'aisha@bapco.com.bh',
        company: 'Bapco',
        jobTitle: 'HR Manager',
        phone: '+973 1700 0000',
        country: 'BH',
        trainingFor: 'myself',
        message: 'Line one\nLine two, budget < 5000',
        subscribe: true,
        consent: true,
      },
    });
  });

  test('a field sent twice is refused as not text; typed values come back for the fields, never the honeypot', () => {
    const input = readFormInput(formData([...valid, ['company', 'Other'], ['website', 'spam']]), [
      ...CONTACT_FIELDS,
      'website',
    ]);
    expect(validateEnquiry('contact', input)).toEqual({ ok: false, errors: { company: 'Company must be text' } });
    const values = typedValues(input, CONTACT_FIELDS);
    expect(values).toMatchObject({ firstName: 'Aisha', subscribe: true, consent: true });
    expect(values).not.toHaveProperty('website');
  });
});

describe('country data', () => {
  test('249 ISO codes with English names, sorted by name; the native list has the same codes', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((country) => country.value)).size).toBe(249);
    expect(COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.value) && country.label.length > 0)).toBe(true);
    expect(COUNTRIES.find((country) => country.value === 'BH')).toEqual({ value: 'BH', label: 'Bahrain' });
    const labels = COUNTRIES.map((country) => country.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
    expect(NATIVE_COUNTRY_NAMES.map((country) => country.value).sort()).toEqual(
      COUNTRIES.map((country) => country.value).sort(),
    );
    expect(NATIVE_COUNTRY_NAMES.find((country) => country.value === 'BH')?.label).toBe('البحرين');
  });
});

test('form tokens are random and URL-safe', () => {
  const tokens = new Set(Array.from({ length: 100 }, newFormToken));
  expect(tokens.size).toBe(100);
  expect([...tokens].every((token) => /^[A-Za-z0-9_-]{22}$/.test(token))).toBe(true);
});
