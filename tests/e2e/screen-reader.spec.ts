// Issue 34: what a screen reader says, and where the focus goes. @guidepup/virtual-screen-reader computes the
// speech from the accessibility tree of the built site in real Chromium (support/screen-reader.ts): the header at
// phone and desktop width, the menu and the search overlay, the contact form, the registration form and the
// gallery dialog. Each test asserts the phrases a blind visitor hears, in order.
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { numberOfDelegates, searchableCountry } from './support/form-reached';
import { SITE_NAME } from './support/identity';
import { startScreenReader } from './support/screen-reader';

// the page's CSP refuses the injected reader; this is the test browser's setting, the site's CSP is untouched
test.use({ bypassCSP: true });

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const SLUG = 'pmp-exam-preparation-bootcamp';

async function visit(page: Page, path: string) {
  await page.goto(path);
  await page.locator('#site-menu[data-enhanced]').waitFor({ state: 'attached' });
  await page.locator('#site-search[data-enhanced]').waitFor({ state: 'attached' });
}

/** The phrases from the start of the page to the end of its banner, read item by item. */
async function readHeader(page: Page) {
  const reader = await startScreenReader(page);
  const heard = await reader.perform('next', 60);
  return heard.slice(0, heard.indexOf('end of banner') + 1);
}

test.describe('the header', () => {
  test('at 375 px: skip link, home link, and two collapsed toggles', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await visit(page, '/');
    expect(await readHeader(page)).toEqual([
      'link, Skip to main content',
      'banner',
      `link, ${SITE_NAME} home`,
      `image, ${SITE_NAME} home`,
      `end of link, ${SITE_NAME} home`,
      'button, Search, 1 control, not expanded',
      'button, Menu, 1 control, not expanded',
      'end of banner',
    ]);
  });

  test('at 1440 px: skip link, home link, the search form and the main navigation', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await visit(page, '/');
    const heard = await readHeader(page);
    expect(heard.slice(0, 10)).toEqual([
      'link, Skip to main content',
      'banner',
      `link, ${SITE_NAME} home`,
      `image, ${SITE_NAME} home`,
      `end of link, ${SITE_NAME} home`,
      'search',
      'Search courses',
      'searchbox, Search courses, placeholder Search...',
      'button, Search',
      'end of search',
    ]);
    expect(heard.slice(10, 12)).toEqual(['navigation, Main', 'list']);
    expect(heard.filter((phrase) => phrase.startsWith('link, ')).slice(2)).toEqual(
      ['About Us', 'Learning Solutions', 'Conferences/Summits', 'Destination Training', 'Consultations', 'Gallery'].map(
        (name) => `link, ${name}`,
      ),
    );
    expect(heard.slice(-2)).toEqual(['end of navigation, Main', 'end of banner']);
  });
});

test('the header search’s suggestions at 1440 px: a combobox whose active option is read as the arrows move it', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await visit(page, '/about');
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search courses' }).focus();
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search courses' });
  await expect(box).toBeFocused();
  await box.pressSequentially('pmp', { delay: 20 });
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  // the course found, and the way to every result with its count: the answer has come
  await expect(list.getByRole('option', { name: /^See all \d+ results? for “pmp”$/ })).toBeVisible();
  const names = await list
    .getByRole('option')
    .evaluateAll((options) =>
      options
        .map((option) => option.getAttribute('aria-labelledby'))
        .map((id) => document.getElementById(id!)?.textContent),
    );
  expect(names[0]).toBe('PMP Exam Preparation Bootcamp');

  // each check polls the tree: a key press is heard once the page has moved the active option
  await expect.poll(() => activeOption(page)).toEqual({ box: 'combobox, Search courses', option: undefined });
  await box.press('ArrowDown');
  await expect
    .poll(() => activeOption(page))
    .toEqual({
      box: 'combobox, Search courses',
      option: {
        role: 'option',
        name: 'PMP Exam Preparation Bootcamp',
        description: expect.stringMatching(/^PM-101 · next \d{1,2} \w{3} \d{4}, \S/), // its code, next date and venue
        selected: true,
      },
    });
  await box.press('ArrowDown');
  await expect
    .poll(async () => {
      const { option } = await activeOption(page);
      return option && { role: option.role, name: option.name, selected: option.selected };
    })
    .toEqual({ role: 'option', name: names[1], selected: true });
  // Escape closes the list: no option is active, the focus stays in the box
  await box.press('Escape');
  await expect(box).toBeFocused();
  await expect.poll(() => activeOption(page)).toEqual({ box: 'combobox, Search courses', option: undefined });
});

/**
 * What Chromium's accessibility tree gives a screen reader for the focused combobox's active option (the
 * virtual reader follows the focus only, and the focus stays in the box): its role, name, description and
 * selected state, which NVDA and VoiceOver read when aria-activedescendant moves.
 */
async function activeOption(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Accessibility.enable');
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] };
  await cdp.detach();
  const property = (node: AXNode | undefined, name: string) => node?.properties?.find((p) => p.name === name)?.value;
  // the document is focused too: the box is the focused node that is no document
  const focused = nodes.find((node) => property(node, 'focused')?.value === true && node.role?.value !== 'RootWebArea');
  const target = property(focused, 'activedescendant')?.relatedNodes?.[0]?.backendDOMNodeId;
  const option = target === undefined ? undefined : nodes.find((node) => node.backendDOMNodeId === target);
  return {
    box: `${focused?.role?.value}, ${focused?.name?.value}`,
    option: option && {
      role: option.role?.value,
      name: option.name?.value,
      ...(option.description?.value ? { description: option.description.value } : {}),
      selected: property(option, 'selected')?.value,
    },
  };
}

type AXValue = { value?: unknown; relatedNodes?: { backendDOMNodeId: number }[] };
type AXNode = {
  backendDOMNodeId?: number;
  role?: AXValue;
  name?: AXValue;
  description?: AXValue;
  properties?: { name: string; value: AXValue }[];
};

test.describe('the menu and the search overlay at 375 px', () => {
  for (const { toggle, dialog, close } of [
    { toggle: 'Menu', dialog: 'Menu', close: 'Close menu' },
    { toggle: 'Search', dialog: 'Search courses', close: 'Close search' },
  ]) {
    test(`${toggle}: opened by Enter, closed by Escape and by its close button, the toggle is heard collapsed`, async ({
      page,
    }) => {
      await page.setViewportSize(MOBILE);
      await visit(page, '/about');
      const reader = await startScreenReader(page);
      await page.getByRole('button', { name: toggle }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: toggle })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('dialog', { name: dialog })).toBeVisible();
      await page.getByRole('button', { name: close }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('button', { name: toggle })).toBeFocused();
      // the focus lands on the toggle when the dialog closes: what is read then must already say collapsed
      const heard = (await reader.spoken()).filter((phrase) => phrase !== 'document');
      const collapsed = `button, ${toggle}, 1 control, not expanded`;
      expect(heard[0]).toBe(collapsed);
      expect(heard.filter((phrase) => phrase.startsWith(`button, ${toggle},`))).toEqual([
        collapsed,
        collapsed,
        collapsed,
      ]);
      expect(heard.filter((phrase) => phrase === `dialog, ${dialog}`)).toHaveLength(2);
      expect(heard).toContain(`button, ${close}`);
      expect(heard.at(-1)).toBe(collapsed);
    });
  }
});

test.describe('the contact form', () => {
  test('labels and required states, an empty send, then one field put right', async ({ page }) => {
    await page.goto('/contact-us');
    await page.waitForLoadState('networkidle');
    const reader = await startScreenReader(page);
    await page.getByLabel('First name').focus();
    for (let i = 0; i < 11; i += 1) await page.keyboard.press('Tab');
    expect((await reader.spoken()).filter((phrase) => phrase !== 'document')).toEqual([
      'textbox, First name, required',
      'textbox, Last name, required',
      'textbox, Business email, required',
      'textbox, Company, required',
      'textbox, Job title, required',
      'textbox, Phone, required',
      'combobox, Country, Select..., has popup menu, not expanded, autocomplete in list, required',
      'radio, Myself, not checked, position 1, set size 2',
      'textbox, Message, required',
      // the newsletter is a choice, not a condition (record 035)
      `checkbox, Subscribe me to the ${SITE_NAME} newsletter about upcoming courses, not checked`,
      `checkbox, I agree that ${SITE_NAME} may store these details and use them to answer my enquiry, not checked, required`,
      'button, Send enquiry',
    ]);

    await reader.clear();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: 'Please correct 10 fields' })).toBeFocused();
    expect(await reader.spoken()).toEqual(['group, Please correct 10 fields']);

    await reader.clear();
    const firstName = page.getByLabel('First name');
    await firstName.focus();
    await page.keyboard.type('Aisha');
    await page.keyboard.press('Tab');
    await expect(page.locator('#enquiry-remaining')).toHaveText('9 fields still to correct.');
    const heard = await reader.spoken();
    expect(heard[0]).toBe('textbox, First name, First name is required, invalid, required');
    // once, whole, and the next field is read with its own message
    expect(heard.filter((phrase) => phrase.startsWith('polite:'))).toEqual(['polite: 9 fields still to correct.']);
    expect(heard).toContain('textbox, Last name, Last name is required, invalid, required');

    await reader.clear();
    await firstName.focus();
    // its value, and no message left on it
    expect(await reader.spoken()).toEqual(['textbox, First name, Aisha, required']);
  });

  test('the chosen country is read when the field is focused again', async ({ page }) => {
    await page.goto('/contact-us');
    await page.waitForLoadState('networkidle');
    const country = await searchableCountry(page);
    await country.focus();
    await page.keyboard.type('Bahrain');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const reader = await startScreenReader(page);
    await country.focus();
    // react-select shows the choice beside an empty input; the input is described by it
    const heard = (await reader.spoken()).filter((phrase) => phrase !== 'document');
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatch(/^combobox, Country, Bahrain\b/);
  });
});

async function openRegistration(page: Page) {
  await page.goto(`/subCourse-details/${SLUG}`);
  await page
    .getByRole('link', { name: /^Register\b/ })
    .first()
    .click();
  // interactive once react-aria's NumberField is there, loaded when the visitor comes to the form
  await numberOfDelegates(page);
}

test.describe('the registration form', () => {
  test('country: reached by Tab as one control, and read with its value when focused again', async ({ page }) => {
    await openRegistration(page);
    const reader = await startScreenReader(page);

    // Country: Tab from Phone lands on the one control it stays; nothing in between (the page, a swap)
    await page.getByLabel('Phone').focus();
    await page.keyboard.press('Tab');
    await expect(page.locator('#registration-country')).toBeFocused();
    await page.waitForLoadState('networkidle'); // anything the focus would have loaded has come
    expect((await reader.spoken()).filter((phrase) => phrase !== 'document')).toEqual([
      'textbox, Phone, required',
      'combobox, Country, has popup listbox, not expanded, required',
    ]);
    // chosen, left and focused again, it is read with its value (this reader gives a native select's value
    // attribute, the country's code; Chromium's own tree, in registration.spec.ts, has the country's name)
    await page.locator('#registration-country').selectOption('BH');
    await page.keyboard.press('Tab');
    await reader.clear();
    await page.locator('#registration-country').focus();
    expect(await reader.spoken()).toEqual(['combobox, Country, BH, has popup listbox, not expanded, required']);
  });

  test('the stepper is a named group; one step is heard as one whole total, once', async ({ page }) => {
    await openRegistration(page);
    const reader = await startScreenReader(page);
    // the stepper is a named group: read backwards from its field, the cursor meets its name
    const count = page.getByRole('textbox', { name: 'Number of delegates' });
    await count.focus();
    expect((await reader.perform('previous', 4)).at(-1)).toBe('group, Number of delegates');

    // one step up: the total is read once, as one sentence (then react-aria's echo of the field's new value,
    // which is what a native spin button says; record 028)
    await count.focus();
    await reader.clear();
    await page.keyboard.press('ArrowUp');
    const total = page.locator('p[aria-live]').filter({ hasText: 'Total' });
    await expect(total).toHaveText(/^2 delegates × US\$ [\d,.]+ = Total US\$ [\d,.]+$/);
    const sentence = `polite: ${await total.textContent()}`;
    await expect.poll(() => reader.spoken()).toContain('assertive: 2');
    expect((await reader.spoken()).filter((phrase) => phrase.startsWith('polite:'))).toEqual([sentence]);
  });

  test("Register with nothing filled: the summary, then each Who pays radio with the group's message", async ({
    page,
  }) => {
    await openRegistration(page);
    const reader = await startScreenReader(page);
    await page.getByRole('button', { name: 'Register' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('group', { name: /^Please correct \d+ fields$/ })).toBeFocused();
    for (const name of ['The company (send us an invoice)', 'The delegate'])
      await page.getByRole('radio', { name }).focus();
    const heard = (await reader.spoken()).filter((phrase) => phrase !== 'document');
    expect(heard[0]).toBe('button, Register');
    expect(heard[1]).toMatch(/^group, Please correct \d+ fields$/);
    expect(heard.slice(2)).toEqual([
      'radio, The company (send us an invoice), Please choose who pays, not checked, position 1, set size 2',
      'radio, The delegate, Please choose who pays, not checked, position 2, set size 2',
    ]);
  });
});

test('the gallery dialog: its title when it opens, the link again when it closes', async ({ page }) => {
  await page.goto('/gallery');
  await page.waitForLoadState('networkidle');
  const reader = await startScreenReader(page);
  const tile = page.getByRole('main').getByRole('list').first().getByRole('link').nth(1);
  const title = (await tile.getAttribute('aria-label')) ?? (await tile.innerText());
  await tile.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tile).toBeFocused();
  expect((await reader.spoken()).filter((phrase) => phrase !== 'document')).toEqual([
    `link, ${title}, has popup dialog`,
    `dialog, ${title}`,
    'button, Close',
    `link, ${title}, has popup dialog`,
  ]);
});
