import { test as base, expect } from '@playwright/test';

/** Every e2e test talks to the shared production site started in global-setup.ts. */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(process.env.SITE_URL);
  },
});

export { expect };
