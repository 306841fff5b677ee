import { expect, type Locator, type Page } from '@playwright/test';

// The controls that need more code than a native one load when the visitor comes to their form (a pointer over
// it, a touch, the focus in it: src/components/enquiry/form-reached.ts). These come to it as a mouse does.

/** A contact form's country field once it has become the searchable react-select; returns its text input. */
export async function searchableCountry(page: Page, prefix = 'enquiry'): Promise<Locator> {
  await page.locator('form', { has: page.locator(`#${prefix}-country`) }).hover();
  // react-select's input has the field's id; the plain field before it (a text box with a datalist) has `list`
  const input = page.locator(`input#${prefix}-country:not([list])`);
  await expect(input).toBeAttached();
  return input;
}

/** The registration form's number of delegates once it has become react-aria's NumberField; returns its input. */
export async function numberOfDelegates(page: Page): Promise<Locator> {
  await page.locator('#registration form').hover();
  const input = page.getByRole('textbox', { name: 'Number of delegates' });
  await expect(input).toBeVisible({ timeout: 20_000 }); // a loaded machine hydrates slowly
  return input;
}
