/** Reads what crawlers read from a page: its head tags and its JSON-LD, from the first HTML (no JavaScript). */
import type { Page } from '@playwright/test';

export type HeadSummary = {
  lang: string | null;
  titles: string[];
  description: string | null;
  descriptions: number;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  icons: string[];
  manifest: string | null;
  /** Tags that belong in <head> but were found in <body>. */
  strayInBody: number;
};

export async function readHead(page: Page): Promise<HeadSummary> {
  return page.evaluate(() => {
    const head = document.head;
    const content = (selector: string) => head.querySelector(selector)?.getAttribute('content') ?? null;
    const pairs = (prefix: string, attribute: string) =>
      Object.fromEntries(
        [...head.querySelectorAll(`meta[${attribute}^="${prefix}"]`)].map((meta) => [
          meta.getAttribute(attribute)!,
          meta.getAttribute('content') ?? '',
        ]),
      );
    return {
      lang: document.documentElement.getAttribute('lang'),
      titles: [...document.querySelectorAll('title')].map((title) => title.textContent ?? ''),
      description: content('meta[name="description"]'),
      descriptions: document.querySelectorAll('meta[name="description"]').length,
      canonical: head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: content('meta[name="robots"]'),
      og: pairs('og:', 'property'),
      twitter: pairs('twitter:', 'name'),
      icons: [...head.querySelectorAll('link[rel="icon"], link[rel="apple-touch-icon"]')].map(
        (link) => link.getAttribute('href') ?? '',
      ),
      manifest: head.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
      strayInBody: document.body.querySelectorAll('title, meta[name="description"], link[rel="canonical"]').length,
    };
  });
}

export type JsonLdNode = Record<string, unknown> & { '@type'?: string };

/** Every JSON-LD block on the page, parsed (a block that is not JSON fails the test that reads it). */
export async function readJsonLd(page: Page): Promise<JsonLdNode[]> {
  const texts = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''));
  return texts.map((text) => JSON.parse(text) as JsonLdNode);
}

export function ofType(nodes: JsonLdNode[], type: string): JsonLdNode[] {
  return nodes.filter((node) => node['@type'] === type);
}
