import { describe, expect, it } from 'vitest';
import type { ContentResult } from '../../lib/admin/content-error';
import { asPageContent, toPageContent } from './content-page';

describe('toPageContent', () => {
  it('lists the two images of a two-image page in order and skips a missing one', () => {
    expect(toPageContent({ title: 'T', description: 'D', first_image: 'a.svg', second_image: 'b.svg' }).images).toEqual(
      ['a.svg', 'b.svg'],
    );
    expect(toPageContent({ title: 'T', description: 'D', second_image: 'b.svg' }).images).toEqual(['b.svg']);
    expect(toPageContent({ title: 'T', description: 'D' }).images).toEqual([]);
  });

  it('reads the single image of a one-image page', () => {
    expect(toPageContent({ title: 'T', description: 'D', image: 'c.svg' })).toEqual({
      title: 'T',
      description: 'D',
      images: ['c.svg'],
    });
  });
});

describe('asPageContent', () => {
  it('maps a success and passes a failure through', async () => {
    const ok = asPageContent(
      async (): Promise<ContentResult<{ title: string; description: string; image?: string }>> => ({
        ok: true,
        stale: true,
        data: { title: 'T', description: 'D', image: 'c.svg' },
      }),
    );
    expect(await ok()).toEqual({ ok: true, stale: true, data: { title: 'T', description: 'D', images: ['c.svg'] } });

    const error = { kind: 'HTTP_ERROR', status: 500, message: 'boom' } as const;
    const failed = asPageContent(async (): Promise<ContentResult<{ title: string; description: string }>> => ({
      ok: false,
      error,
    }));
    expect(await failed()).toEqual({ ok: false, error });
  });
});
