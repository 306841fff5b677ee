import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../lib/admin/schemas';
import { phoneHref, phoneLabel, settingsLinks } from './settings-links';

const raw = {
  logo: 'https://admin.example/logo.svg',
  phone: 'tel:+97317000000',
  messenger: 'https://m.me/example',
  whatsapp: '',
  facebook: 'javascript:alert(1)',
  instagram: '  https://instagram.example/x  ',
  twitter: 'not a link',
  linkedin: 'https://linkedin.example/company/x',
};
const settings = v.parse(SettingsSchema, raw);

describe('settingsLinks', () => {
  it('keeps the asked order and skips unusable fields', () => {
    expect(settingsLinks(settings, ['facebook', 'whatsapp', 'linkedin', 'twitter', 'instagram'])).toEqual([
      { key: 'linkedin', href: 'https://linkedin.example/company/x' },
      { key: 'instagram', href: 'https://instagram.example/x' },
    ]);
  });
});

describe('phoneLabel', () => {
  it('groups a Bahrain number', () => {
    expect(phoneLabel('tel:+97317000000')).toBe('+973 1700 0000');
    expect(phoneLabel('tel:+973-1700-0000')).toBe('+973 1700 0000');
  });

  it('shows other numbers as written', () => {
    expect(phoneLabel('tel:+44%2020%207946%200000')).toBe('+44 20 7946 0000');
  });
});

describe('phoneLabel with a malformed escape', () => {
  it('shows the value as written', () => {
    expect(phoneLabel('tel:+973%ZZ')).toBe('+973%ZZ');
  });
});

describe('phoneHref', () => {
  it("takes the admin's phone, else the owner's SITE_PHONE, else none", () => {
    expect(phoneHref(settings, 'tel:+97317111111')).toBe('tel:+97317000000');
    const refused = v.parse(SettingsSchema, { ...raw, phone: 'not a number' });
    expect(phoneHref(refused, 'tel:+97317111111')).toBe('tel:+97317111111');
    expect(phoneHref(undefined, 'tel:+97317111111')).toBe('tel:+97317111111');
    expect(phoneHref(v.parse(SettingsSchema, { ...raw, phone: '' }), undefined)).toBeUndefined();
  });
});
