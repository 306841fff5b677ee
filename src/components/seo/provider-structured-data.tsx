import { loadSettings } from '../../lib/content';
import type { Settings } from '../../lib/admin/schemas';
import { educationalOrganization } from '../../lib/seo/structured-data';
import { siteIdentity } from '../../lib/site-identity';
import { siteOrigin } from '../../lib/site-origin';
import { Section } from '../ui/section';
import { JsonLd } from './meta';

/**
 * The provider as an EducationalOrganization, on every page: its name, address, e-mail, opening hours and
 * fallback phone from the owner's settings (nothing that is not configured), its phone and profiles from the
 * admin's settings (cached), the site's square logo. When those cannot be read it still names the provider.
 */
export function ProviderStructuredData() {
  return (
    <Section
      data={loadSettings()}
      skeleton={null}
      what="The provider's details"
      failed={() => <Provider settings={undefined} />}
    >
      {(settings) => <Provider settings={settings} />}
    </Section>
  );
}

function Provider({ settings }: { settings: Settings | undefined }) {
  return <JsonLd data={educationalOrganization(siteOrigin(), siteIdentity(), settings)} />;
}
