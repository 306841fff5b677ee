/**
 * The site identity every e2e server runs with: a provider that is not the demo's, so that a page showing
 * the demo provider's name, address or hours (scripts/demo-admin/identity.mjs) is a failure, not a default.
 */
export const TEST_SITE_IDENTITY = {
  SITE_NAME: 'Gulf Training Partners (Test)',
  SITE_ADDRESS: 'Unit 7, Seef Business Centre | Road 2825 | Manama, Kingdom of Bahrain',
  SITE_OPENING_HOURS: 'Saturday to Wednesday, 9:00 to 16:00',
  SITE_EMAIL: 'enquiries@gulf-training.test',
} as const;

export const SITE_NAME = TEST_SITE_IDENTITY.SITE_NAME;
