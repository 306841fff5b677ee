import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SingleImagePageSchema, TwoImagePageSchema } from '../../lib/admin/schemas';
import { toPageContent } from './content-page';

const twoImages = (fields: object) => v.parse(TwoImagePageSchema, { title: 'T', description: 'D', ...fields });

describe('toPageContent', () => {
  it('lists the two images of a two-image page in order and skips a missing one', () => {
    expect(toPageContent(twoImages({ first_image: 'a.svg', second_image: 'b.svg' })).images).toEqual([
      'a.svg',
      'b.svg',
    ]);
    expect(toPageContent(twoImages({ second_image: 'b.svg' })).images).toEqual(['b.svg']);
    expect(toPageContent(twoImages({})).images).toEqual([]);
  });

  it('reads the single image of a one-image page', () => {
    expect(toPageContent(v.parse(SingleImagePageSchema, { title: 'T', description: 'D', image: 'c.svg' }))).toEqual({
      title: 'T',
      description: 'D',
      images: ['c.svg'],
    });
  });

  it('leaves out an image whose address the admin boundary refused', () => {
    expect(toPageContent(twoImages({ first_image: 'javascript:alert(1)', second_image: 'b.svg' })).images).toEqual([
      'b.svg',
    ]);
  });
});
