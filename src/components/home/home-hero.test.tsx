import { renderToStaticMarkup } from 'react-dom/server';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { HomeHeroSchema } from '../../lib/admin/schemas';
import { HERO_VIDEO_MEDIA, HomeHeroView } from './home-hero';

const base = { title: 'Learning that moves', sub_title: 'From Manama' };
/** Content as it leaves the admin boundary. */
const hero = (fields: { video?: string; banner?: string }) => v.parse(HomeHeroSchema, { ...base, ...fields });

describe('HomeHeroView', () => {
  it('names no video in the HTML (the browser chooses it where it plays), muted and hidden from assistive technology', () => {
    const html = renderToStaticMarkup(
      <HomeHeroView hero={hero({ video: 'https://cdn.example/hero.mp4', banner: 'https://cdn.example/hero.jpg' })} />,
    );
    const video = /<video[^>]*>/.exec(html)?.[0] ?? '';
    expect(video).toMatch(/\bmuted=""/);
    expect(video).toMatch(/\bloop=""/);
    expect(video).toMatch(/\bplaysInline=""|\bplaysinline=""/);
    expect(video).toMatch(/\bautoplay=""|\bautoPlay=""/);
    expect(video).toContain('preload="none"');
    expect(video).toContain('aria-hidden="true"');
    // a phone, a reduced-motion or a Save-Data visitor: nothing in the HTML fetches the video
    expect(video).not.toMatch(/\ssrc=/);
    expect(html).not.toContain('hero.mp4');
    expect(HERO_VIDEO_MEDIA).toContain('min-width');
    expect(HERO_VIDEO_MEDIA).toContain('prefers-reduced-motion: no-preference');
    // the banner, resized, is the poster, only where the video plays; elsewhere the poster costs no request
    const poster = /<picture>.*?<\/picture>/.exec(html)?.[0] ?? '';
    expect(poster).toContain(`<source media="${HERO_VIDEO_MEDIA}"`);
    expect(poster).toMatch(/srcSet="\/_img\/1280\/[^"]+ 1280w, \/_img\/1920\/[^"]+ 1920w"/);
    expect(poster).toMatch(/<img[^>]*src="data:image\/gif;base64,/);
    // the banner is still there for small screens, sized for them
    expect(html).toMatch(
      /<img[^>]*src="\/_img\/[^"]+"[^>]*srcSet="\/_img\/480\/[^"]+ 480w,[^"]*"[^>]*sizes="[^"]+100vw"/,
    );
    // a named button pauses it (WCAG 2.2.2)
    expect(html).toMatch(/<button type="button"[^>]*>Pause background video<\/button>/);
  });

  it('renders no video element without a video, and the title as the h1', () => {
    const html = renderToStaticMarkup(<HomeHeroView hero={hero({ banner: 'https://cdn.example/hero.jpg' })} />);
    expect(html).not.toContain('<video');
    expect(html).not.toContain('background video');
    expect(html).toMatch(/<h1 id="hero-title"[^>]*>Learning that moves<\/h1>/);
    expect(html).toContain('From Manama');
  });

  it('drops a video or banner address with a scheme the spec does not allow', () => {
    const html = renderToStaticMarkup(
      <HomeHeroView hero={hero({ video: 'javascript:alert(1)', banner: 'data:image/png;base64,AAAA' })} />,
    );
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:image');
    expect(html).not.toContain('<video');
  });
});

describe('HomeHeroView with an SVG banner (no width variants)', () => {
  it('gives no `sizes` anywhere without `w` descriptors beside it (the W3C checker: "No width specified for image")', () => {
    const html = renderToStaticMarkup(
      <HomeHeroView hero={hero({ video: 'https://cdn.example/hero.mp4', banner: 'https://cdn.example/hero.svg' })} />,
    );
    const withSizes = [...html.matchAll(/<(?:source|img)\b[^>]*>/g)]
      .map(([tag]) => tag)
      .filter((tag) => / sizes="/.test(tag));
    expect(html).toContain('<source');
    for (const tag of withSizes) expect(tag).toMatch(/srcSet="[^"]* \d+w[",]/);
  });
});
