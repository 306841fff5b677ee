import { renderToStaticMarkup } from 'react-dom/server';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { GallerySchema } from '../../lib/admin/schemas';
import { GalleryGrid } from './gallery-grid';

describe('GalleryGrid', () => {
  it('leaves out a picture whose address was refused at the admin boundary, and renders the rest', () => {
    const gallery = v.parse(GallerySchema, [
      { image: 'javascript:alert(1)', title: 'Refused' },
      { image: 'https://cdn.example/class.jpg', title: 'Classroom' },
    ]);
    const html = renderToStaticMarkup(<GalleryGrid gallery={gallery} />);
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('Refused');
    expect(html).toContain('src="https://cdn.example/class.jpg"');
    expect(html).toContain('Classroom');
  });

  it('says new pictures are coming when none is left', () => {
    const gallery = v.parse(GallerySchema, [{ image: 'vbscript:x', title: 'Refused' }]);
    expect(renderToStaticMarkup(<GalleryGrid gallery={gallery} />)).toContain('New pictures are on their way');
  });
});
