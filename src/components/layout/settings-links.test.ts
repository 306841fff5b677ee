import { describe, expect, it } from 'vitest';
import type { Settings } from '../../lib/admin/schemas';
import { phoneHref, phoneLabel, settingsHref, settingsLinks } from './settings-links';

const settings: Settings = {
  logo: 'https://admin.example/logo.svg',
  phone: 'tel:+97317000000',
  messenger: 'https://m.me/example',
  whatsapp: '',
  facebook: 'javascript:alert(1)',
  instagram: '  https://instagram.example/x  ',
  twitter: 'not a link',
  linkedin: 'https://linkedin.example/company/x',
};

describe('settingsHref', () => {
  it('keeps web, phone, mail and sms addresses', () => {
    expect(settingsHref('https://a.example/')).toBe('https://a.example/');
    expect(settingsHref('http://a.example/')).toBe('http://a.example/');
    expect(settingsHref('tel:+97317000000')).toBe('tel:+97317000000');
    expect(settingsHref('mailto:info@a.example')).toBe('mailto:info@a.example');
    expect(settingsHref('sms:+97317000000')).toBe('sms:+97317000000');
  });

  it('drops empty, scriptable and scheme-less values', () => {
    expect(settingsHref('')).toBeUndefined();
    expect(settingsHref('   ')).toBeUndefined();
    expect(settingsHref(undefined)).toBeUndefined();
    expect(settingsHref('javascript:alert(1)')).toBeUndefined();
    expect(settingsHref(' java\tscript:alert(1)')).toBeUndefined();
    expect(settingsHref('data:text/html,x')).toBeUndefined();
    expect(settingsHref('www.example.com')).toBeUndefined();
  });
});

describe('settingsLinks', () => {
  it('keeps the asked order and skips unusable fields', () => {
    expect(settingsLinks(settings, ['facebook', 'whatsapp', 'linkedin', 'twitter', 'instagram'])).toEqual([
      { key: 'linkedin', href: 'https://linkedin.example/company/x' },
      { key: 'instagram', href: 'https://instagram.example/x' },
    ]);
  });

  it('gives nothing without settings', () => {
    expect(settingsLinks(undefined, ['phone'])).toEqual([]);
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
    expect(phoneHref({ ...settings, phone: 'not a number' }, 'tel:+97317111111')).toBe('tel:+97317111111');
    expect(phoneHref(undefined, 'tel:+97317111111')).toBe('tel:+97317111111');
    expect(phoneHref({ ...settings, phone: '' }, undefined)).toBeUndefined();
  });
});
