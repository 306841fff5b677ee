/**
 * The browser's entry (Waku's own, but for how it starts): the page is hydrated inside a transition, so React
 * works through it in slices of a few milliseconds and lets the browser paint and scroll in between, instead
 * of one task as long as the page is large (issue 28; Next.js hydrates its app router the same way). A tap
 * before the end makes React finish the rest at once and then replays it (record 043).
 *
 * React DOM (the largest module, 180 KB) is imported apart from the entry, so it is evaluated in a task of
 * its own, and the hydration starts in another: evaluated with the rest in one go, it was the longest task
 * on every page after its first paint (record 046).
 */
import { StrictMode, createElement, startTransition } from 'react';

/**
 * Gives the thread back to the browser, so what follows runs as a task of its own. A message, as React's
 * scheduler uses, not a timer: a background tab slows timers to one a second.
 */
function nextTask() {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

async function start() {
  // both asked for at once (one round trip, not two); each is evaluated as it arrives
  const reactDom = import('react-dom/client');
  const router = import('waku/router/client');
  const { createRoot, hydrateRoot } = await reactDom;
  await nextTask();
  const { Router } = await router;
  await nextTask();
  const rootElement = createElement(StrictMode, null, createElement(Router));
  if ((globalThis as { __WAKU_HYDRATE__?: boolean }).__WAKU_HYDRATE__) {
    startTransition(() => {
      hydrateRoot(document, rootElement);
    });
  } else {
    createRoot(document).render(rootElement);
  }
}

void start();
