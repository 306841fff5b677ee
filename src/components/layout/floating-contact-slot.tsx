import type { ContentResult } from '../../lib/admin/content-error';
import type { Settings } from '../../lib/admin/schemas';
import { FloatingContact } from './floating-contact';
import { settingsLinks } from './settings-links';

/** Waits for the settings on the server and hands the floating button only the three plain links it shows. */
export async function FloatingContactSlot({ settings }: { settings: Promise<ContentResult<Settings>> }) {
  const result = await settings;
  const links = settingsLinks(result.ok ? result.data : undefined, ['phone', 'messenger', 'instagram']);
  if (links.length === 0) return null;
  return (
    <aside aria-label="Quick contact">
      <FloatingContact links={links} />
    </aside>
  );
}
