/**
 * The site object (issue 30): every service the site runs on, made once from the settings and the platform,
 * in the order below, each handed the ones it needs. This file holds the only mutable binding of the server's
 * modules: the site, once made.
 * - Node: made at start (src/background-jobs.ts `startNodeServer`); `npm run dev` and `waku build`, which have
 *   no start of ours, make it on first use.
 * - Workers: made per isolate by its first request (the chain's `openSite` step), whose bindings (the search
 *   index's KV namespace, the enquiry queue, `send_email`) exist only then.
 * The chain's steps, the pages and the jobs read the services through `site()`. A second `createSite` in one
 * process throws: two content caches, page caches or outboxes would each see half of the traffic.
 */
import 'server-only';
import { createAdminProbe } from './lib/admin/admin-probe';
import { quotationKey } from './lib/documents/quotation-address';
import { createContentSource, type ContentSource } from './lib/admin/content-source';
import { createEnquiries, type EnquiryBindings } from './lib/enquiry/delivery';
import { formTokenKey } from './lib/enquiry/form-token';
import { quotationMaker } from './lib/enquiry/team-attachments';
import type { EmbeddedFonts } from './lib/documents/pdf-writer';
import { imageSigningKey } from './lib/images/image-reference';
import { imageServiceSettings, type CreateImageService, type NodeImageService } from './lib/images/node-image-service';
import { createSitePageCache } from './lib/page-cache/site-page-cache';
import { requestRecord } from './lib/request-record';
import type { CrawlKv } from './lib/search/crawl-kv';
import { createSlugGate } from './lib/search/known-slugs';
import { createLiveSearchIndex } from './lib/search/live-search-index';
import { mediaOriginsFrom } from './lib/security/security-headers';
import { parseServerConfig, readEnvironment, RUNTIME, type ServerConfig } from './lib/server-config';

/** The Worker's bindings the site uses (scripts/cloudflare/wrangler.jsonc), as a request hands them over. */
export type WorkerBindings = EnquiryBindings & { SEARCH_INDEX?: CrawlKv };

export type SitePlatform =
  | { runtime: 'node'; createImageService?: (settings: Parameters<CreateImageService>[0]) => NodeImageService }
  | { runtime: 'workers'; bindings: WorkerBindings | undefined };

/** What the rest of the site hears from the content layer, and may decide for it (through the request's record). */
export type ContentReports = {
  /** A call failed (other than a 404), or answered with its last good copy because the admin failed. */
  onFailure(): void;
  /** An answer the site inferred or is still gathering (a slug the catalogue lacks, a partial index). */
  onPartial(): void;
  /** Should a stale copy be refreshed before it is used (the page cache's own background re-render)? */
  wantsFreshAnswers(): boolean;
  /** An admin load the content layer started: on Workers it must outlive the answer (the request's waitUntil). */
  keepAlive(load: Promise<unknown>): void;
};

export function createSite(
  platform: SitePlatform,
  settings: ServerConfig = parseServerConfig(readEnvironment(), platform.runtime),
) {
  if (made) throw new Error('The site is made once per process (src/site.ts): a second createSite was called.');

  // the content layer tells the page cache, through the request's record, what a render was made of
  const reports: ContentReports = {
    onFailure: () => {
      requestRecord().render.contentFailed = true;
    },
    onPartial: () => {
      requestRecord().render.partial = true;
    },
    wantsFreshAnswers: () => requestRecord().render.refresh,
    keepAlive: (load) => requestRecord().keepAlive?.(load),
  };
  const source: ContentSource | undefined = settings.admin.baseUrl
    ? createContentSource({
        baseUrl: settings.admin.baseUrl,
        timeoutMs: settings.admin.timeoutMs,
        maxBytes: settings.admin.maxResponseBytes,
        ttlMs: settings.admin.cacheTtlMs,
        retryMs: settings.admin.retryMs,
        // room for a large catalogue's sub-courses (the search index reads each) beside the pages' content
        maxEntries: 10_000,
        awaitRefresh: reports.wantsFreshAnswers,
        keepAlive: reports.keepAlive,
      })
    : undefined;
  const content = {
    reports,
    /** Is the admin reachable (/healthz): one uncached call, shared and reused a few seconds. */
    probe: createAdminProbe(settings.admin, settings.runtime),
    /** The admin's content, cached; a server cannot render content without ADMIN_API_URL. */
    get source(): ContentSource {
      if (!source) {
        throw new Error(
          'ADMIN_API_URL is not set: point it at the admin API (ending in /api), or use `npm start` which starts the demo admin.',
        );
      }
      return source;
    },
  };

  // the catalogue: the crawl tells the slug gate which courses exist, the course loaders ask it
  const slugs = createSlugGate({ callsPerMinute: settings.search.unknownSlugCallsPerMinute });
  const search = createLiveSearchIndex({
    settings,
    source: () => content.source,
    reports,
    slugs,
    kv: platform.runtime === 'workers' ? platform.bindings?.SEARCH_INDEX : undefined,
  });

  const pageCache = createSitePageCache(settings);
  const images = {
    /** Signs the addresses of the admin's pictures (image-reference.ts); null: they are sent as the admin sends them. */
    signingKey: imageSigningKey(settings),
    /** Node's resizing service (sharp, outside the app's build); none under `npm run dev` and on Workers. */
    node:
      platform.runtime === 'node' && platform.createImageService
        ? {
            service: platform.createImageService(imageServiceSettings(settings)),
            namedOrigins: mediaOriginsFrom(settings.admin.baseUrl, settings.mediaOrigins),
          }
        : undefined,
    /** Workers: the log says once that pictures are sent untransformed (no Image Transformations here). */
    onOriginal: once(() =>
      console.warn(
        'Images: this runtime does not resize pictures (Cloudflare Image Transformations are off for the zone, ' +
          'or this is local workerd), so pictures are sent as the admin stores them.',
      ),
    ),
  };
  // the documents' fonts: parsed with the first document (PDFKit and the fonts load then, not at a cold start)
  let parsedFonts: Promise<EmbeddedFonts> | undefined;
  const fonts = () =>
    (parsedFonts ??= import('./lib/documents/pdf-writer')
      .then(({ loadEmbeddedFonts }) => loadEmbeddedFonts())
      .catch((error: unknown) => {
        parsedFonts = undefined; // the next document tries again
        throw error;
      }));
  const keys = {
    formToken: formTokenKeyOf(settings),
    quotation: quotationKey(settings.quotation.secret),
  };
  const enquiries = createEnquiries({
    settings,
    bindings: platform.runtime === 'workers' ? platform.bindings : undefined,
    formTokenKey: keys.formToken,
    // the emails give the phone the site shows (the admin's, else SITE_PHONE) and carry a registration's quotation
    email: {
      adminPhone: async () => {
        const answer = await content.source.getSettings();
        return answer.ok ? answer.data.phone : undefined;
      },
      quotation: quotationMaker(settings, fonts),
    },
  });

  const site = {
    settings,
    platform,
    content,
    slugs,
    search,
    pageCache,
    images,
    enquiries,
    keys,
    /** The documents' fonts, parsed with the first document (the slow part of it). */
    fonts,
  };
  made = { site };
  return site;
}

export type Site = ReturnType<typeof createSite>;

let made: { site: Site } | undefined;

/** The site, made on first use where nothing made it at start (`npm run dev`, `waku build`, unit tests). */
export function site(): Site {
  if (made) return made.site;
  // a Worker's site needs the bindings of a request: a job (queue, cron) there takes its settings from its env
  if (RUNTIME === 'workers') throw new Error("On Workers the site is made by an isolate's first request (openSite).");
  return createSite({ runtime: 'node' });
}

/** Workers: the isolate's site, made by its first request with the bindings it carries. */
export function siteFor(bindings: WorkerBindings | undefined): Site {
  return made?.site ?? createSite({ runtime: 'workers', bindings });
}

/** Unit tests: a new process, whose site is made again from the environment. */
export function forgetSiteForTests(): void {
  made = undefined;
}

function once(action: () => void): () => void {
  let done = false;
  return () => {
    if (!done) action();
    done = true;
  };
}

/**
 * Form tokens' HMAC key (form-token.ts): FORM_TOKEN_SECRET, or a random key per process (per isolate on
 * Workers), so a token from before a restart is refused as expired.
 */
function formTokenKeyOf({ enquiry, runtime }: ServerConfig): Promise<CryptoKey> {
  if (!enquiry.formTokenSecret && runtime === 'workers')
    console.warn('enquiries: FORM_TOKEN_SECRET is not set: a form is refused when another isolate answers it');
  return formTokenKey(enquiry.formTokenSecret);
}
