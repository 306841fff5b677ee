import { renderToStaticMarkup } from 'react-dom/server';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SettingsSchema } from '../../lib/admin/schemas';
import { siteName } from '../../lib/site-identity';
import { SiteLogo } from './site-header';

const logoOf = (logo: string) =>
  v.parse(SettingsSchema, {
    logo,
    phone: '',
    messenger: '',
    whatsapp: '',
    facebook: '',
    instagram: '',
    twitter: '',
    linkedin: '',
  }).logo;

describe('SiteLogo', () => {
  it("shows the admin's logo", () => {
    expect(renderToStaticMarkup(<SiteLogo logo={logoOf('https://admin.example/logo.svg')} />)).toMatch(
      /<img[^>]*src="https:\/\/admin.example\/logo.svg"[^>]*alt="[^"]+ home"/,
    );
  });

  it('shows the name as text, and no broken image, when the logo address is refused', () => {
    const html = renderToStaticMarkup(<SiteLogo logo={logoOf('javascript:alert(1)')} />);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain(siteName());
  });
});
