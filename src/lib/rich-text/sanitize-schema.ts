import { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';

/**
 * rehype-sanitize schema for rich-text fields: GitHub-style formatting, nothing
 * executable. Built on `defaultSchema` (which already drops every `on*`
 * handler, `style`, `srcset`, `formaction`, `xlink:href`, comments and
 * doctypes, and prefixes `id`/`name` with "user-content-" so they cannot
 * clobber DOM globals such as `window.x` / `document.forms`).
 */

// Elements removed together with their content. Anything else that is not in
// `tagNames` is unwrapped (its children stay), which is fine for e.g. <font>,
// but for these the content is code, raw text, or foreign (SVG/MathML) markup.
const STRIP = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'textarea',
  'select',
  'button',
  'title',
  'xmp',
  'plaintext',
];

// Tags of the default schema we do not want: form control (task-list
// checkbox), and <picture>/<source> because `srcset` bypasses our URL rule.
const DROPPED_TAGS = new Set(['input', 'picture', 'source']);

// Global attributes of the default schema we do not want: form-related ones
// (`action` is a URL our rule would not see) and obsolete `longDesc` (a URL).
const DROPPED_ATTRIBUTES = new Set([
  'accept',
  'acceptCharset',
  'action',
  'checked',
  'encType',
  'method',
  'multiple',
  'prompt',
  'readOnly',
  'selected',
  'longDesc',
]);

type AttributeList = NonNullable<NonNullable<SanitizeSchema['attributes']>[string]>;

function withoutDropped(list: AttributeList | undefined): AttributeList {
  return (list ?? []).filter((entry) => {
    const name = typeof entry === 'string' ? entry : entry[0];
    return !DROPPED_ATTRIBUTES.has(name);
  });
}

const defaults = defaultSchema.attributes ?? {};

export const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [
    ...(defaultSchema.tagNames ?? []).filter((tag) => !DROPPED_TAGS.has(tag)),
    'u',
    'caption',
    'colgroup',
    'col',
  ],
  strip: STRIP,
  ancestors: {
    ...defaultSchema.ancestors,
    caption: ['table'],
    colgroup: ['table'],
    col: ['table'],
  },
  attributes: {
    ...Object.fromEntries(
      Object.entries(defaults)
        .filter(([tag]) => !DROPPED_TAGS.has(tag))
        .map(([tag, list]) => [tag, withoutDropped(list)]),
    ),
    img: [...withoutDropped(defaults.img), 'alt', 'title', 'width', 'height'],
    col: ['span'],
    colgroup: ['span'],
  },
  required: {},
  protocols: {
    // `href` and `src` are deliberately absent: sanitize would *remove* the
    // attribute, but the spec wants the value replaced by "" — the
    // `rehypeSafeUrls` plugin (render-rich-text.tsx) does that, using
    // `safeUrl`. `cite` is not a rendered link, so the default stays.
    cite: ['http', 'https'],
  },
};
