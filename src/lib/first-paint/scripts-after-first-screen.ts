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
 * How many bytes at the end of `bytes` start a UTF-8 character that the next chunk completes (0 to 3).
 * The stream decodes only whole characters, so when it stops rewriting and passes chunks on as they are, no
 * part of a character is left behind in a decoder.
 */
export function incompleteUtf8Tail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back += 1) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead byte is further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * A pass-through stream for an HTML body: takes the module preload hints out of its head and makes the
 * bootstrap import wait for the first screen. Everything else streams on byte for byte. A document without
 * a head (or with a huge one) is passed on unchanged; one whose bootstrap is not found loses only the hints
 * (its scripts then load as a chain of imports, see docs/decisions/023).
 */
export function scriptsAfterFirstScreenStream(): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let state: 'head' | 'bootstrap' | 'done' = 'head';
  let text = '';
  /** The start of a character split across chunks, held until the next chunk. */
  let held: Uint8Array = new Uint8Array(0);
  let scripts: string[] = [];

  /** Emits what can go now, holding back only what the current step still needs to see. */
  function advance(controller: TransformStreamDefaultController<Uint8Array>, final: boolean): void {
    if (state === 'head') {
      const end = text.indexOf('</head>');
      if (end < 0) {
        if (!final && text.length <= MAX_HEAD_BYTES) return;
        state = 'done'; // no head to take the hints from: leave the document as it is
      } else {
        const taken = takeModulePreloads(text.slice(0, end));
        scripts = taken.scripts;
        controller.enqueue(encoder.encode(taken.head));
        text = text.slice(end);
        state = scripts.length > 0 ? 'bootstrap' : 'done';
      }
    }
    if (state === 'bootstrap') {
      const match = BOOTSTRAP_IMPORT.exec(text);
      if (match) {
        const gated = importAfterFirstScreen(match[1]!, scripts);
        controller.enqueue(encoder.encode(text.slice(0, match.index) + gated));
        text = text.slice(match.index + match[0].length);
        state = 'done';
      } else if (!final && text.length > CARRY) {
        let cut = text.length - CARRY;
        if (/[\uD800-\uDBFF]/.test(text[cut - 1]!)) cut -= 1; // never split a surrogate pair
        controller.enqueue(encoder.encode(text.slice(0, cut)));
        text = text.slice(cut);
        return;
      } else if (!final) {
        return;
      }
    }
    if (text) controller.enqueue(encoder.encode(text));
    text = '';
  }

  return new TransformStream({
    transform(chunk, controller) {
      let bytes = chunk;
      if (held.length > 0) {
        bytes = new Uint8Array(held.length + chunk.length);
        bytes.set(held);
        bytes.set(chunk, held.length);
        held = new Uint8Array(0);
      }
      if (state === 'done') {
        controller.enqueue(bytes);
        return;
      }
      const whole = bytes.length - incompleteUtf8Tail(bytes);
      held = bytes.slice(whole);
      text += decoder.decode(bytes.subarray(0, whole));
      advance(controller, false);
    },
    flush(controller) {
      if (state !== 'done') {
        text += decoder.decode(held);
        advance(controller, true);
      } else if (held.length > 0) {
        controller.enqueue(held);
      }
    },
  });
}
