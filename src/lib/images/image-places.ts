/**
 * Where admin pictures are shown and how wide they are there (record 026). Each place lists the widths its
 * picture is offered in (`srcset`) and the `sizes` the browser chooses from, read off the place's CSS; the
 * widths are all from IMAGE_WIDTHS, the only ones the image endpoint makes (a fixed set keeps the variants
 * few, so each is made once and served many times).
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1080, 1280, 1600, 1920] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export type ImagePlace = {
  /** The candidates of `srcset`, narrowest first. */
  widths: readonly ImageWidth[];
  /** The slot the picture fills, per screen width (the `sizes` attribute). */
  sizes: string;
};

/** The container is at most 1240 px with 16 px padding each side (global.css). */
export const IMAGE_PLACES = {
  /** The header's logo: 44–52 px high, at most 240 px wide. */
  logo: { widths: [160, 320, 480], sizes: '240px' },
  /** The home hero's banner: full width on phones, half the container beside the text from 992 px. */
  heroBanner: {
    widths: [480, 640, 800, 1080, 1280, 1600],
    sizes: '(min-width: 1240px) 620px, (min-width: 992px) 50vw, 100vw',
  },
  /** The hero video's poster (wide screens only: the video never plays on small ones). */
  heroPoster: { widths: [1280, 1920], sizes: '100vw' },
  /** The intro's banner beside its text (900 px and up: about 45% of the container). */
  introBanner: {
    widths: [480, 640, 800, 1080, 1280],
    sizes: '(min-width: 1240px) 540px, (min-width: 900px) 45vw, 100vw',
  },
  /** The intro tiles: two a row on phones, four beside the text on wide screens. */
  introTile: { widths: [160, 320, 480, 640], sizes: '(min-width: 900px) 150px, (min-width: 480px) 25vw, 50vw' },
  /** Open course cards: 1, 2, 3 then 4 a row. */
  courseCard: {
    widths: [320, 480, 640, 800, 1080],
    sizes: '(min-width: 1200px) 300px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw',
  },
  /** Learning-solution cards: 2 a row on phones, then 3, 4 (wider containers from 1600 px). */
  solutionCard: {
    widths: [160, 320, 480, 640],
    sizes: '(min-width: 1600px) 400px, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw',
  },
  /** A content page's picture (about, conferences …): beside the text from 960 px, otherwise full width (or half, two side by side). */
  contentImage: {
    widths: [320, 480, 640, 800, 1080, 1280],
    sizes: '(min-width: 1240px) 500px, (min-width: 960px) 40vw, 100vw',
  },
  /** A picture inside admin rich text: at most the text column (75ch ≈ 720 px). */
  richTextImage: { widths: [320, 480, 640, 800, 1080, 1280, 1600], sizes: '(min-width: 800px) 720px, 100vw' },
  /** Gallery tiles: 1, 2, 3 then 4 a row. */
  galleryTile: {
    widths: [320, 480, 640, 800, 1080],
    sizes: '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  },
  /** The gallery's large picture: the viewer is at most 1100 px wide. */
  galleryLarge: { widths: [640, 800, 1080, 1280, 1600, 1920], sizes: '(min-width: 1132px) 1100px, 100vw' },
} as const satisfies Record<string, ImagePlace>;

export type ImagePlaceName = keyof typeof IMAGE_PLACES;

/** The attributes of an `<img>` for one picture: `srcSet`/`sizes` only where variants exist. */
export type ImageSources = { src: string; srcSet?: string; sizes?: string };
