import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Comes to a contact form the way a visitor does, the pointer over it, and waits for its country field to
 * become the searchable react-select, which is loaded only then (src/components/enquiry/country-select.tsx).
 * Returns the combobox's text input.
 */
export async function searchableCountry(page: Page, prefix = 'enquiry'): Promise<Locator> {
  await page.locator('form', { has: page.locator(`#${prefix}-country`) }).hover();
  const input = page.locator(`input#${prefix}-country`);
  await expect(input).toBeAttached();
  return input;
}
