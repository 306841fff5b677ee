import { afterEach, describe, expect, test } from 'vitest';
import { forgetSiteForTests } from '../site';
import { siteIdentity } from './site-identity';

const KEYS = ['SITE_DOMAIN', 'SITE_NAME', 'SITE_ADDRESS', 'SITE_OPENING_HOURS', 'SITE_PHONE', 'SITE_EMAIL'];

function configure(env: Record<string, string>) {
  for (const key of KEYS) delete process.env[key];
  Object.assign(process.env, env);
  forgetSiteForTests();
}

afterEach(() => configure({}));

describe('site identity', () => {
  test('unset, the site is named by its domain and shows no address, hours or fallback lines', () => {
    configure({ SITE_DOMAIN: 'training.example' });
    expect(siteIdentity()).toEqual({
      name: 'training.example',
      address: [],
      location: undefined,
      openingHours: undefined,
      phone: undefined,
      email: undefined,
    });
  });

  test("the owner's settings, with the address's last line as where the provider is", () => {
    configure({
      SITE_NAME: 'Gulf Training Partners',
      SITE_ADDRESS: 'Unit 7 | Road 2825 | Seef, Kingdom of Bahrain',
      SITE_OPENING_HOURS: 'Saturday to Wednesday, 9:00 to 16:00',
      SITE_PHONE: '+973 1711 1111',
      SITE_EMAIL: 'hello@gulf-training.example',
    });
    expect(siteIdentity()).toEqual({
      name: 'Gulf Training Partners',
      address: ['Unit 7', 'Road 2825', 'Seef, Kingdom of Bahrain'],
      location: 'Seef, Kingdom of Bahrain',
      openingHours: 'Saturday to Wednesday, 9:00 to 16:00',
      phone: 'tel:+97317111111',
      email: 'hello@gulf-training.example',
    });
  });
});
