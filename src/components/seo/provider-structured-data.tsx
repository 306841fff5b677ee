import { getSettings } from '../../lib/admin/content.server';
import { educationalOrganization } from '../../lib/seo/structured-data';
import { siteOrigin } from '../../lib/site-origin';
import { Streamed } from '../ui/streamed';
import { JsonLd } from './meta';

/**
 * The provider as an EducationalOrganization, on every page. Its phone, logo and profiles come from the
 * admin's settings (cached; the layout asks for them too); when they cannot be read it still names the
 * provider and its address.
 */
export function ProviderStructuredData() {
  const settings = getSettings();
  return (
    <Streamed ready={settings} fallback={null}>
      <Provider settings={settings} />
    </Streamed>
  );
}

async function Provider({ settings }: { settings: ReturnType<typeof getSettings> }) {
  const result = await settings;
  return <JsonLd data={educationalOrganization(siteOrigin(), result.ok ? result.data : undefined)} />;
}
