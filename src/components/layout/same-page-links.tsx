'use client';
import { useEffect, useRef } from 'react';
import { useRouter } from 'waku';

/**
 * A link to a place on the same page (the hero's `#enquiry`) only scrolls there, as it does without scripts.
 * Waku 0.27's router takes every `popstate` for a navigation: it fetches the whole page from the server again,
 * re-renders it, then scrolls (`changeRoute` in waku/dist/router/client.js), and a fragment link fires one. A
 * popstate that moves only the fragment (the same path and query, another `#…`) is kept from the router: this
 * listener captures, so it runs before the router's. History steps that keep the fragment (the gallery's
 * pictures, which have a capturing listener of their own) are left alone. Back and forward between two places
 * of one page are then the browser's own too.
 *
 * The sections past the first screen are drawn only near the viewport, at an estimated height until then
 * (`.past-first-screen`, record 043), so the browser's own jump lands where the target would be with the
 * estimates, and the sections drawn on arrival push it out of view. So a jump first draws every section
 * (`data-all-drawn` on the root; their cost at load is saved already) and goes to the target again.
 */
export function SamePageLinks() {
  const { path, query } = useRouter();
  const shown = useRef({ path, query, hash: '' });
  useEffect(() => {
    shown.current = { path, query, hash: location.hash };
  }, [path, query]);
  useEffect(() => {
    const keepFromRouter = (event: PopStateEvent) => {
      const url = new URL(location.href);
      const samePage = url.pathname.replace(/(.)\/$/, '$1') === shown.current.path;
      if (!samePage || url.searchParams.toString() !== shown.current.query || url.hash === shown.current.hash) return;
      shown.current.hash = url.hash;
      event.stopImmediatePropagation();
      const target = url.hash && document.getElementById(url.hash.slice(1));
      if (!target) return;
      document.documentElement.dataset.allDrawn = '';
      target.scrollIntoView();
    };
    window.addEventListener('popstate', keepFromRouter, { capture: true });
    return () => window.removeEventListener('popstate', keepFromRouter, { capture: true });
  }, []);
  return null;
}
