import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { backgroundJobs, SCHEDULED_JOBS, startJobSchedule, type ScheduledJob } from './background-jobs';

const WRANGLER = new URL('../scripts/cloudflare/wrangler.jsonc', import.meta.url);

describe('scheduled jobs, each declared once', () => {
  let schedule: { stop(): void } | undefined;
  afterEach(() => schedule?.stop());

  test('the Worker’s cron triggers are the jobs’ schedules, no more and no fewer', () => {
    const crons = /"crons":\s*(\[[^\]]*\])/.exec(readFileSync(WRANGLER, 'utf8'))?.[1];
    expect(crons, 'wrangler.jsonc has triggers.crons').toBeDefined();
    expect(new Set(JSON.parse(crons!))).toEqual(new Set(SCHEDULED_JOBS.map((job) => job.schedule)));
    expect(new Set(SCHEDULED_JOBS.map((job) => job.name)).size).toBe(SCHEDULED_JOBS.length);
  });

  test('on Node a job runs on its schedule, never over its own previous run, and goes on after a failure', async () => {
    const events: string[] = [];
    let release: () => void = () => {};
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const jobs: ScheduledJob[] = [
      {
        name: 'every-second',
        schedule: '* * * * * *', // croner's seconds field: the same scheduler, a faster schedule for the test
        run: async () => {
          const run = events.filter((event) => event.startsWith('start')).length + 1;
          events.push(`start ${run}`);
          if (run === 2) throw new Error('a bad run');
          if (run === 3) await new Promise<void>((resolve) => (release = resolve)); // held past several ticks
          events.push(`end ${run}`);
        },
      },
    ];
    schedule = startJobSchedule({ runtime: 'node' }, jobs);
    await vi.waitFor(() => expect(events).toContain('start 3'), { timeout: 20_000, interval: 50 });
    // while run 3 is held, the ticks of the next seconds pass without a run (whatever the machine's speed:
    // nothing may be added at all, and the run after the release shows the scheduler was still ticking)
    const held = events.length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(events.slice(held)).toEqual([]);
    release();
    await vi.waitFor(() => expect(events).toContain('start 4'), { timeout: 20_000, interval: 50 });
    expect(events.slice(0, 5)).toEqual(['start 1', 'end 1', 'start 2', 'start 3', 'end 3']);
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('[jobs] every-second failed: a bad run'));
    errors.mockRestore();
  });

  test('on Workers a trigger runs the jobs of its cron only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await backgroundJobs.runScheduledJobs({
      cron: '0 0 1 1 *',
      runtime: 'workers',
      env: {},
      scheduledTime: Date.now(),
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('no job is scheduled at "0 0 1 1 *"'));
    warn.mockRestore();
  });
});
