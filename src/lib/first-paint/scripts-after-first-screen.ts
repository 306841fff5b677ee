/**
 * The page's scripts start once its first screen is painted.
 *
 * Every page is complete and styled as HTML; its scripts (about 85 KB gzip: React, the router and the
 * islands) only make the menu, search, countdown and forms richer. Fetched from the start, as React's
 * `<link rel="modulepreload">` hints in `<head>` ask, they share a phone's bandwidth with the stylesheets
 * and the largest picture, and the first screen waits for code it does not need (measured with Lighthouse:
 * the largest paint of `/` went from about 1.5 s to 2.0 s whenever the scripts arrived first).
 *
 * So the hints leave the head, and the bootstrap's `import()` of the entry waits until the first screen's
 * pictures (the eager `<img>`s already in the document) have loaded or failed and the frame showing them has
 * gone out (two animation frames: the first one only starts that frame's rendering); then it adds the hints back (so the modules still load in parallel, not as a chain of imports) and
 * imports the entry. It never waits more than FIRST_SCREEN_WAIT_MS, and a visitor who taps, clicks or types
 * first starts the scripts at once. Without JavaScript nothing changes: the pages work as HTML.
 * (Waku's bootstrap has no option for this; the HTML is rewritten in the one place every page passes.)
 */
import type { TextRewrite } from '../html/html-rewrite';

/** The longest the scripts wait for the first screen's pictures (a slow image server must not stall them). */
export const FIRST_SCREEN_WAIT_MS = 3000;

/** Only the document head is rewritten; a head larger than this is passed on untouched. */
const MAX_HEAD_BYTES = 64 * 1024;

const MODULE_PRELOAD = /<link(?=\s)[^>]*?\srel="modulepreload"[^>]*>/g;

/**
 * Waku's bootstrap ends with `import("<entry>")` right before its `</script>`. No other text on the page
 * can match: React escapes quotes in HTML text, and the RSC payload escapes them in JSON.
 */
const BOOTSTRAP_IMPORT = /import\("(\/[^"\\<>]+)"\)(?=<\/script>)/;

/** Room kept back between chunks, so an `import("…")</script>` split across them is still found. */
const CARRY = 512;

/** Removes the module preload hints from a document head; returns the head and the scripts they named. */
export function takeModulePreloads(head: string): { head: string; scripts: string[] } {
  const scripts: string[] = [];
  const rest = head.replace(MODULE_PRELOAD, (tag) => {
    const href = /\shref="([^"]+)"/.exec(tag)?.[1];
    if (!href) return tag;
    scripts.push(href);
    return '';
  });
  return { head: rest, scripts };
}

/**
 * The bootstrap's `import("<entry>")`, made to wait for the first screen (see the top of this file). Kept
 * small and self-contained: it runs inline, before any module.
 */
export function importAfterFirstScreen(entry: string, scripts: readonly string[]): string {
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  return (
    `(function(start,scripts){var started=0,left=1;` +
    `function go(){if(started++)return;scripts.forEach(function(href){var link=document.createElement("link");` +
    `link.rel="modulepreload";link.href=href;link.crossOrigin="";document.head.appendChild(link)});start()}` +
    `function one(){if(--left===0)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}` +
    `[].forEach.call(document.images,function(img){if(img.loading==="lazy"||img.complete)return;left++;` +
    `img.addEventListener("load",one,{once:true});img.addEventListener("error",one,{once:true})});one();` +
    `setTimeout(go,${FIRST_SCREEN_WAIT_MS});["pointerdown","keydown","touchstart"].forEach(function(type){` +
    `addEventListener(type,go,{once:true,passive:true,capture:true})})})` +
    `(function(){return import(${json(entry)})},${json(scripts)})`
  );
}

/**
 * The rewrite, in the page's one pass on its way out (src/lib/html/html-rewrite.ts): takes the module
 * preload hints out of the head and makes the bootstrap import wait for the first screen; everything else
 * goes on as it came. A document without a head (or with a huge one) is passed on unchanged; one whose
 * bootstrap is not found loses only the hints (its scripts then load as a chain of imports, see
 * docs/decisions/023).
 */
export function scriptsAfterFirstScreenRewrite(): TextRewrite {
  let state: 'head' | 'bootstrap' | 'done' = 'head';
  let text = '';
  let scripts: string[] = [];

  return (input, final) => {
    if (state === 'done') return input;
    text += input;
    let out = '';
    if (state === 'head') {
      const end = text.indexOf('</head>');
      if (end < 0) {
        if (!final && text.length <= MAX_HEAD_BYTES) return '';
        state = 'done'; // no head to take the hints from: leave the document as it is
      } else {
        const taken = takeModulePreloads(text.slice(0, end));
        scripts = taken.scripts;
        out = taken.head;
        text = text.slice(end);
        state = scripts.length > 0 ? 'bootstrap' : 'done';
      }
    }
    if (state === 'bootstrap') {
      const match = BOOTSTRAP_IMPORT.exec(text);
      if (match) {
        out += text.slice(0, match.index) + importAfterFirstScreen(match[1]!, scripts);
        text = text.slice(match.index + match[0].length);
        state = 'done';
      } else if (!final) {
        // room kept back, so an `import("…")</script>` split across chunks is still found
        let cut = Math.max(0, text.length - CARRY);
        if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut -= 1; // never split a surrogate pair
        out += text.slice(0, cut);
        text = text.slice(cut);
        return out;
      }
    }
    out += text;
    text = '';
    return out;
  };
}
