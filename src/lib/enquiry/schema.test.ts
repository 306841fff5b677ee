// The shared schema as the browser uses it: straight from the form's FormData.
import { describe, expect, test } from 'vitest';
import { COUNTRIES, countryCode, findCountries } from './countries';
import { CONTACT_FIELDS, isEmail, readFormInput, REQUIRED_MESSAGES, typedValues, validateEnquiry } from './schema';

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
  test("an empty form: the spec's ten messages, one per required field, in form order; none for the newsletter", () => {
    const result = validateEnquiry('contact', readFormInput(new FormData(), CONTACT_FIELDS));
    expect(result).toEqual({ ok: false, errors: REQUIRED_MESSAGES });
    expect(Object.keys(REQUIRED_MESSAGES)).toEqual(CONTACT_FIELDS.filter((field) => field !== 'subscribe'));
  });

  test('the newsletter box is optional (record 035): left unticked the enquiry passes, recorded as not subscribed', () => {
    const unticked = valid.filter(([name]) => name !== 'subscribe');
    const result = validateEnquiry('contact', readFormInput(formData(unticked), CONTACT_FIELDS));
    expect(result).toMatchObject({ ok: true, fields: { subscribe: false, consent: true } });
    // the consent to handle the enquiry itself is still required
    const noConsent = valid.filter(([name]) => name !== 'consent');
    expect(validateEnquiry('contact', readFormInput(formData(noConsent), CONTACT_FIELDS))).toEqual({
      ok: false,
      errors: { consent: 'Consent is required' },
    });
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

  test('a country typed into the plain field is read as its code; one the list does not know is refused', () => {
    const withCountry = (country: string) =>
      validateEnquiry(
        'contact',
        readFormInput(
          formData([...valid.filter(([name]) => name !== 'country'), ['country', country]]),
          CONTACT_FIELDS,
        ),
      );
    for (const [typed, code] of [
      ['Bahrain', 'BH'],
      ['  bahrain ', 'BH'],
      ['BH', 'BH'],
      ['البحرين', 'BH'],
      ['UAE', 'AE'],
      ["Cote d'Ivoire", 'CI'],
      ['Côte d’Ivoire', 'CI'],
      ['Guinea Bissau', 'GW'],
      ['Trinidad & Tobago', 'TT'],
      ['Turkey', 'TR'],
      ['Ivory Coast', 'CI'],
      ['U.S.A.', 'US'],
    ] as const)
      expect(withCountry(typed), typed).toMatchObject({ ok: true, fields: { country: code } });
    // a code counts only as written: 'no', 'na' or 'it' typed in the box is no country
    for (const typed of ['Narnia', 'Bahr', 'Guinea-B', 'bh', 'no', 'na', 'it'])
      expect(withCountry(typed), typed).toEqual({ ok: false, errors: { country: 'Choose a country from the list' } });
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

describe('email addresses', () => {
  test('valid addresses people have are accepted, including punycode domains', () => {
    for (const email of [
      "o'brien@company.com",
      'info@xn--mgbaam7a8h.xn--mgbcpq6gpa1a', // Bahrain's Arabic-script top-level domain
      'info@bapco.xn--mgbcpq6gpa1a',
      'sales@xn--80ak6aa92e.com',
      'first.last+tag@mail.company.com.bh',
      'info@شركة.com', // typed in its own script, checked as punycode
    ])
      expect(isEmail(email), email).toBe(true);
  });

  test('what is not an address is refused', () => {
    for (const email of [
      'aisha',
      'aisha@',
      '@bapco.com',
      'a@b',
      'a@b.c',
      'a b@c.com',
      'a@-x.com',
      'a..b@c.com',
      'a@c..com',
      'a@evil.com/x',
      'a@b.com:25',
      'a@b.com?x',
      'a@[1.2.3.4]',
      'a@b%2ecom',
    ])
      expect(isEmail(email), email).toBe(false);
  });
});

describe('country data', () => {
  test('249 ISO codes with English and native names, sorted by English name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((country) => country.value)).size).toBe(249);
    expect(COUNTRIES.every((country) => /^[A-Z]{2}$/.test(country.value) && country.label && country.native)).toBe(
      true,
    );
    expect(COUNTRIES.find((country) => country.value === 'BH')).toEqual({
      value: 'BH',
      label: 'Bahrain',
      native: 'البحرين',
    });
    expect(COUNTRIES.find((country) => country.value === 'AD')).toEqual({
      value: 'AD',
      label: 'Andorra',
      native: 'Andorra',
    });
    const labels = COUNTRIES.map((country) => country.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en')));
  });
});

describe('countryCode: the one country named by what was typed', () => {
  test('every code, English name and local name names its own country', () => {
    for (const country of COUNTRIES) {
      expect(countryCode(country.value)).toBe(country.value);
      expect(countryCode(country.label)).toBe(country.value);
      expect(countryCode(country.native)).toBe(country.value);
    }
  });

  test('every everyday name names one country, its own', () => {
    for (const [typed, code] of [
      ['USA', 'US'],
      ['America', 'US'],
      ['UK', 'GB'],
      ['England', 'GB'],
      ['KSA', 'SA'],
      ['Holland', 'NL'],
      ['Swaziland', 'SZ'],
      ['Cape Verde', 'CV'],
      ['Burma', 'MM'],
      ['DRC', 'CD'],
    ] as const)
      expect(countryCode(typed), typed).toBe(code);
  });

  test('part of a name, or nothing, names none', () => {
    expect(countryCode('')).toBeUndefined();
    expect(countryCode('Guin')).toBeUndefined();
    expect(countryCode('United')).toBeUndefined();
  });
});

describe('the country picker finds what people type', () => {
  const first = (typed: string) => findCountries(typed)[0]?.value;

  test('everyday names and codes bring their country first', () => {
    expect(first('USA')).toBe('US');
    expect(first('usa')).toBe('US');
    expect(first('U.S.A.')).toBe('US');
    expect(first('UAE')).toBe('AE');
    expect(first('UK')).toBe('GB');
    expect(first('KSA')).toBe('SA');
    expect(first('BH')).toBe('BH');
  });

  test('native names find their country', () => {
    expect(first('البحرين')).toBe('BH');
    expect(first('Deutschland')).toBe('DE');
    expect(first('Österreich')).toBe('AT');
    expect(first('osterreich')).toBe('AT');
  });

  test('prefix matches rank before substring matches', () => {
    const found = findCountries('bah').map((country) => country.label);
    expect(found.slice(0, 2)).toEqual(['Bahamas', 'Bahrain']);
    const oman = findCountries('oman').map((country) => country.value);
    expect(oman[0]).toBe('OM');
    expect(oman).toContain('RO'); // Romania: only a substring, so after
    expect(oman.indexOf('OM')).toBeLessThan(oman.indexOf('RO'));
    const guinea = findCountries('guinea').map((country) => country.label);
    expect(guinea[0]).toBe('Guinea');
    expect(guinea.indexOf('Guinea-Bissau')).toBeLessThan(guinea.indexOf('Papua New Guinea'));
  });

  test('nothing typed lists every country; nonsense lists none', () => {
    expect(findCountries('')).toHaveLength(249);
    expect(findCountries('zzzz')).toEqual([]);
  });
});
