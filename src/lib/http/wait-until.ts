import type { Context } from 'hono';

/**
 * Hands work that must outlive the answer to the runtime. On Workers the runtime cancels whatever a request
 * started once its answer is sent, unless it is handed to `waitUntil`; Node keeps running anyway (no
 * execution context, so the call throws and is ignored).
 */
export function waitUntil(c: Context, task: Promise<unknown> | undefined): void {
  if (!task) return;
  try {
    c.executionCtx.waitUntil(task);
  } catch {
    // no execution context on Node
  }
}
