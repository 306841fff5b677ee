import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { errorRules } from './error-rules';

/**
 * The rules in front of a stand-in for Waku's router, as the adapter composes them: the chain is one Hono
 * middleware and the router another after it, so what the router throws is caught by Hono, not by the chain.
 */
function siteWithRouter(router: () => Response | Promise<Response>) {
  const app = new Hono();
  app.use(errorRules());
  app.use(async (c) => {
    c.res = await router();
  });
  return app;
}

describe('errorRules', () => {
  it('a 4xx the router throws for an unreadable request stays that 4xx, in a plain sentence', async () => {
    const app = siteWithRouter(() => {
      throw Object.assign(new Error('Invalid encoded rscPath'), { statusCode: 400 });
    });
    const response = await app.request('/RSC/R/about.txt');
    expect(response.status).toBe(400);
    expect(await response.text()).toBe('This request could not be read.\n');
  });

  it('any other error the router throws is a 500 that does not show its message', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const app = siteWithRouter(() => {
      throw new Error('secret internals at /srv/app/index.js:12');
    });
    const response = await app.request('/about');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toBe('Something went wrong on our side. Please try again in a moment.\n');
    expect(logged).toHaveBeenCalled(); // the details go to the log
    logged.mockRestore();
  });

  it("Waku's own 500 answer, whose body is the error's text, is replaced by the plain sentence", async () => {
    // bytes, not a string: Waku's answer has no content-type
    const app = siteWithRouter(
      () => new Response(new TextEncoder().encode('TypeError: x is undefined'), { status: 500 }),
    );
    const response = await app.request('/about');
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('TypeError');
  });
});
