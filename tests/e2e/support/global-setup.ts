// One shared demo admin (images on a second origin) + production site for the read-only e2e tests; tests that need faults or a cold
// cache start their own pair (support/servers.ts).
import { startAdmin, startSite } from './servers';

export default async function globalSetup() {
  const admin = await startAdmin();
  const site = await startSite(admin);
  process.env.SITE_URL = site.url;
  process.env.ADMIN_ORIGIN = admin.origin;
  process.env.MEDIA_ORIGIN = admin.mediaOrigin;
  return async () => {
    await site.stop();
    await admin.close();
  };
}
