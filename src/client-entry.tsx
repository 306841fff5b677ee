/**
 * The browser's entry (Waku's own, but for one line): the page is hydrated inside a transition, so React
 * works through it in slices of a few milliseconds and lets the browser paint and scroll in between, instead
 * of one task as long as the page is large (issue 28; Next.js hydrates its app router the same way). A tap
 * before the end makes React finish the rest at once and then replays it (record 043).
 */
import { StrictMode, createElement, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Router } from 'waku/router/client';

const rootElement = createElement(StrictMode, null, createElement(Router));

if ((globalThis as { __WAKU_HYDRATE__?: boolean }).__WAKU_HYDRATE__) {
  startTransition(() => {
    hydrateRoot(document, rootElement);
  });
} else {
  createRoot(document).render(rootElement);
}
