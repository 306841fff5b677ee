import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_SITE_IDENTITY } from './identity.mjs';
import { startDemoAdmin } from './server.mjs';

describe('the demo admin as another provider, with its images on a second origin', () => {
  let admin: Awaited<ReturnType<typeof startDemoAdmin>>;
  beforeAll(async () => {
    admin = await startDemoAdmin({ port: 0, mediaPort: 0, providerName: 'Gulf Training Partners (Test)' });
  });
  afterAll(async () => {
    await admin.close();
  });

  test('every image address is on the media origin, served there and only there', async () => {
    expect(admin.mediaOrigin).not.toBe(admin.origin);
    const paths = (await (await fetch(`${admin.origin}/`)).json()).paths as string[];
    const bodies = await Promise.all(paths.map(async (path) => (await fetch(`${admin.url}${path}`)).text()));
    const images = [...new Set(bodies.join('\n').match(/https?:\/\/[^"\s)]+\/media\/[^"\s)]+/g))];
    expect(images.length).toBeGreaterThan(10);
    for (const image of images) expect(new URL(image).origin, image).toBe(admin.mediaOrigin);
    const logo = images.find((image) => image.endsWith('/logo.svg'))!;
    const served = await fetch(logo);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('Gulf Training Partners (Test)');
    expect((await fetch(`${admin.origin}/media/logo.svg`)).status).toBe(404);
    expect((await fetch(`${admin.mediaOrigin}/api/setting/content`)).status).toBe(404);
  });

  test('no content speaks of the demo provider', async () => {
    const paths = (await (await fetch(`${admin.origin}/`)).json()).paths as string[];
    const text = (await Promise.all(paths.map(async (path) => (await fetch(`${admin.url}${path}`)).text()))).join();
    expect(text).not.toMatch(/dilmun/i);
    expect(text).not.toContain(DEMO_SITE_IDENTITY.SITE_EMAIL);
    expect(text).toContain('Gulf Training Partners (Test)');
  });
});

test('without the options it is the demo, images beside the API', async () => {
  const admin = await startDemoAdmin({ port: 0 });
  try {
    expect(admin.mediaOrigin).toBe(admin.origin);
    const settings = await (await fetch(`${admin.url}/setting/content`)).json();
    expect(new URL(settings.data.logo).origin).toBe(admin.origin);
    expect(JSON.stringify(await (await fetch(`${admin.url}/home-intro/content`)).json())).toMatch(/Dilmun/);
  } finally {
    await admin.close();
  }
});
