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
    // the picture is offered in the tile's widths, and its link leads to a large variant, not the upload
    const source = Buffer.from('https://cdn.example/class.jpg').toString('base64url');
    expect(html).toMatch(
      new RegExp(`<img [^>]*srcSet="/_img/320/[\\w-]+/${source} 320w,[^"]*/_img/1080/[\\w-]+/${source} 1080w"`),
    );
    expect(html).toMatch(new RegExp(`<a [^>]*href="/_img/1600/[\\w-]+/${source}"`));
    expect(html).toContain('Classroom');
  });

  it('shows a drawing (SVG) as it is', () => {
    const gallery = v.parse(GallerySchema, [{ image: 'https://cdn.example/plan.svg', title: 'Plan' }]);
    const html = renderToStaticMarkup(<GalleryGrid gallery={gallery} />);
    expect(html).toContain('src="https://cdn.example/plan.svg"');
    expect(html).not.toContain('srcSet');
  });

  it('says new pictures are coming when none is left', () => {
    const gallery = v.parse(GallerySchema, [{ image: 'vbscript:x', title: 'Refused' }]);
    expect(renderToStaticMarkup(<GalleryGrid gallery={gallery} />)).toContain('New pictures are on their way');
  });
});
