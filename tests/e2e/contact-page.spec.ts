// The /contact-us page: postal address, phone link from the settings, and the enquiry form's place, which
// takes its prefill from the query string the course pages' proposal links put there.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { TEST_SITE_IDENTITY } from './support/identity';
import { axeViolations } from './support/axe';

type Prefill = { message?: string; trainingFor?: 'myself' | 'team' };

/** What the enquiry form in the #enquiry section was prefilled with: its message and trainingFor choice. */
async function enquiryPrefill(page: Page): Promise<Prefill | undefined> {
  const form = page.locator('#enquiry form');
  await expect(form).toHaveCount(1);
  const prefill: Prefill = {};
  const message = await form.locator('textarea[name="message"]').inputValue();
  if (message) prefill.message = message;
  const checked = form.locator('input[name="trainingFor"]:checked');
  if ((await checked.count()) > 0) prefill.trainingFor = (await checked.inputValue()) as Prefill['trainingFor'];
  return Object.keys(prefill).length > 0 ? prefill : undefined;
}

test('address, phone link and the enquiry section', async ({ page }) => {
  const settings = (await (await fetch(`${process.env.ADMIN_ORIGIN}/api/setting/content`)).json()) as {
    data: { phone: string };
  };
  expect(settings.data.phone).toMatch(/^tel:/);

  const response = await page.goto('/contact-us');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Contact Us/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');

  const address = page.getByRole('main').locator('address');
  await expect(address).toContainText('Manama');
  await expect(address).toContainText('Kingdom of Bahrain');
  // the provider's own details come from its settings (SITE_NAME, SITE_ADDRESS, SITE_OPENING_HOURS, SITE_EMAIL)
  await expect(address).toContainText(TEST_SITE_IDENTITY.SITE_NAME);
  for (const line of TEST_SITE_IDENTITY.SITE_ADDRESS.split('|')) await expect(address).toContainText(line.trim());
  await expect(page.getByRole('main')).toContainText(TEST_SITE_IDENTITY.SITE_OPENING_HOURS);
  await expect(page.getByRole('main').getByRole('link', { name: TEST_SITE_IDENTITY.SITE_EMAIL })).toHaveAttribute(
    'href',
    `mailto:${TEST_SITE_IDENTITY.SITE_EMAIL}`,
  );
  // the consent and newsletter wording name the configured provider
  await expect(page.getByLabel(`I agree that ${TEST_SITE_IDENTITY.SITE_NAME} may store`, { exact: false })).toHaveCount(
    1,
  );
  await expect(page.getByLabel(`the ${TEST_SITE_IDENTITY.SITE_NAME} newsletter`, { exact: false })).toHaveCount(1);

  const phone = page.getByRole('main').locator('a[href^="tel:"]');
  await expect(phone).toHaveAttribute('href', settings.data.phone);
  // the visible text is the same number, grouped for reading
  const digits = (text: string) => text.replace(/\D/g, '');
  expect(digits((await phone.textContent()) ?? '')).toBe(digits(settings.data.phone));

  const enquiry = page.locator('section#enquiry');
  await expect(enquiry).toHaveCount(1);
  await expect(enquiry.getByRole('heading', { level: 2 })).toBeVisible();
  expect(await enquiryPrefill(page)).toBeUndefined();
});

test('the query string prefills the form: message and trainingFor, nothing else', async ({ page }) => {
  const message = 'Please send dates for "Budgeting & Forecasting" in Q3.';
  await page.goto(
    `/contact-us?${new URLSearchParams({ message, trainingFor: 'team', email: 'x@y.z', firstName: 'Mallory' })}`,
  );
  expect(await enquiryPrefill(page)).toEqual({ message, trainingFor: 'team' });

  await page.goto('/contact-us?trainingFor=everyone&message=');
  expect(await enquiryPrefill(page)).toBeUndefined();

  await page.goto('/contact-us?trainingFor=myself');
  expect(await enquiryPrefill(page)).toEqual({ trainingFor: 'myself' });
});

test('axe finds nothing at 1440 and 375 px', async ({ page }) => {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/contact-us?trainingFor=team&message=Hello');
    await expect(page.getByRole('main').locator('a[href^="tel:"]')).toBeVisible();
    const results = await axeViolations(page);
    expect(results, `${width} px`).toEqual([]);
  }
});
