import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText } from '../../components/rich-text';
import { renderRichText } from './render-rich-text';
import { urlScheme } from './safe-url';

/** A site's picture-signing key (src/site.ts makes one per process). */
const IMAGE_KEY = Buffer.from('image-reference:a-secret-for-the-tests');
const html = (source: string): string => renderToStaticMarkup(renderRichText(source, { imageKey: IMAGE_KEY }));

interface Tag {
  name: string;
  attrs: Record<string, string>;
}

// React escapes `<`, `>`, `"` in text and attribute values, so every `<` in
// its output starts a real tag and a regex is enough to list tags/attributes.
function tagsOf(markup: string): Tag[] {
  return [...markup.matchAll(/<([a-zA-Z][^\s/>]*)([^>]*)>/g)].map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attrs: Object.fromEntries(
      [...rest!.matchAll(/\s([^\s=/>]+)(?:="([^"]*)")?/g)].map(([, attr, value]) => [
        attr!.toLowerCase(),
        decode(value ?? ''),
      ]),
    ),
  }));
}

function decode(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

const ALLOWED_TAGS = new Set(
  'a b blockquote br code dd del details div dl dt em h1 h2 h3 h4 h5 h6 hr i img ins kbd li ol p pre q rp rt ruby s samp section span strike strong sub summary sup table tbody td tfoot th thead tr tt ul var u caption colgroup col'.split(
    ' ',
  ),
);
const FORBIDDEN_ATTRS = new Set([
  'style',
  'srcset',
  'formaction',
  'action',
  'xlink:href',
  'xmlns:xlink',
  'background',
  'dynsrc',
  'lowsrc',
  'srcdoc',
  'data',
  'content',
  'http-equiv',
  'target',
  'class',
]);
const SAFE_SCHEMES = new Set(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);

/** The invariants every rendered rich text must satisfy. */
function expectSafe(markup: string): void {
  expect(markup).not.toMatch(
    /<\s*\/?\s*(script|style|iframe|object|embed|svg|math|form|input|button|base|meta|link|noscript|template|textarea)\b/i,
  );
  for (const { name, attrs } of tagsOf(markup)) {
    expect(ALLOWED_TAGS, `tag <${name}> in ${markup}`).toContain(name);
    for (const [attr, value] of Object.entries(attrs)) {
      expect(attr, `attribute ${attr} in ${markup}`).not.toMatch(/^on/);
      expect(FORBIDDEN_ATTRS.has(attr), `attribute ${attr} in ${markup}`).toBe(false);
      if (attr === 'href' || attr === 'src') {
        const scheme = urlScheme(value);
        expect(scheme === null || SAFE_SCHEMES.has(scheme), `${attr}="${value}" in ${markup}`).toBe(true);
        expect(value.replace(/[\u0000-\u0020]/g, '')).not.toMatch(/^(javascript|vbscript|data):/i);
      }
    }
  }
}

describe('renderRichText: formatting', () => {
  it('renders GitHub-style Markdown tables, autolinks and strikethrough', () => {
    const out = html('| Venue | Fee |\n| --- | --- |\n| Manama | US$ 4,875 |\n\nSee https://example.com and ~~old~~.');
    expect(out).toContain('<th>Venue</th>');
    expect(out).toContain('<td>Manama</td>');
    expect(out).toContain('<a href="https://example.com" rel="noopener noreferrer">https://example.com</a>');
    expect(out).toContain('<del>old</del>');
    expectSafe(out);
  });

  it('puts every table, Markdown or raw HTML, in its own keyboard-scrollable box', () => {
    const out = html('| Venue |\n| --- |\n| London |\n\n<div><table><tr><td>Manama</td></tr></table></div>');
    expect(out).toContain(
      '<div role="region" tabindex="0" aria-label="Table: Venue"><table aria-label="Table: Venue">',
    );
    expect(out).toContain('<div role="region" tabindex="0" aria-label="Table"><table aria-label="Table">');
    expectSafe(out);
  });

  it('names every table: its caption, else the heading above it, else its column headers (aria-label)', () => {
    const own = html('<table><caption>Fees 2026</caption><tr><th>Course</th></tr></table>');
    expect(own).toContain('aria-label="Fees 2026"><table><caption>Fees 2026</caption>');
    expect(own.match(/<caption/g)).toHaveLength(1);

    const underHeading = html(
      '### Daily *outline*\n\n| Day | Focus |\n| --- | --- |\n| 1 | Basics |\n\n| A |\n| - |\n| b |',
    );
    expect(underHeading).toContain(
      '<div role="region" tabindex="0" aria-label="Daily outline"><table aria-label="Daily outline"><thead>',
    );
    // a heading names the first table after it only
    expect(underHeading).toContain(
      '<div role="region" tabindex="0" aria-label="Table: A"><table aria-label="Table: A"><thead>',
    );

    const bare = html('<table><tr><td>1</td></tr></table>');
    expect(bare).toContain('<table aria-label="Table"><tbody>');
    expectSafe(`${own}${underHeading}${bare}`);
  });

  it('renders Markdown headings, emphasis, lists, links, code and quotes', () => {
    const out = html(
      [
        '# Title',
        '## Sub *title*',
        'Some **bold**, _italic_ and `code`.',
        '- one\n- two',
        '1. first\n2. second',
        '> quoted',
        '[Courses](/courses) and [site](https://example.com "Example")',
        '```\nconst a = 1\n```',
        '---',
      ].join('\n\n'),
    );
    expect(out).toContain('<h2>Title</h2>'); // nested under the page's h1 (see below)
    expect(out).toContain('<h3>Sub <em>title</em></h3>');
    expect(out).toContain('<strong>bold</strong>');
    expect(out).toContain('<em>italic</em>');
    expect(out).toContain('<code>code</code>');
    expect(out).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(out).toContain('<ol>\n<li>first</li>\n<li>second</li>\n</ol>');
    expect(out).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(out).toContain('<a href="/courses">Courses</a>');
    expect(out).toContain('<a href="https://example.com" title="Example" rel="noopener noreferrer">site</a>');
    expect(out).toContain('<pre><code>const a = 1\n</code></pre>');
    expect(out).toContain('<hr/>');
    expectSafe(out);
  });

  it('keeps raw HTML formatting (strong, tables, br, u, spans, divs)', () => {
    const out = html(
      '<p>A <strong>strong</strong> <b>b</b> <i>i</i> <u>u</u><br>line</p>\n\n' +
        '<table><caption>Fees</caption><thead><tr><th colspan="2">Course</th></tr></thead>' +
        '<tbody><tr><td>A</td><td>$1,200</td></tr></tbody></table>\n\n' +
        '<div><span>in span</span></div>',
    );
    expect(out).toContain('<strong>strong</strong> <b>b</b> <i>i</i> <u>u</u><br/>line');
    expect(out).toContain(
      '<table><caption>Fees</caption><thead><tr><th colSpan="2">Course</th></tr></thead><tbody><tr><td>A</td><td>$1,200</td></tr></tbody></table>',
    );
    expect(out).toContain('<div><span>in span</span></div>');
    expectSafe(out);
  });

  it('adds lazy loading, async decoding and an empty alt to images', () => {
    expect(html('![Team](/img/team.jpg)')).toContain(
      '<img src="/img/team.jpg" alt="Team" loading="lazy" decoding="async"/>',
    );
    expect(html('<img src="https://cdn.example.com/a.png">')).toMatch(
      /^<img src="https:\/\/cdn.example.com\/a.png" srcSet="[^"]+" sizes="[^"]+" alt="" loading="lazy" decoding="async"\/>$/,
    );
  });

  it("offers an admin photo in the text at the text column's widths, through signed variants", () => {
    const out = html('<img src="https://cdn.example.com/a.jpg" alt="Class">');
    const srcSet = /srcSet="([^"]+)"/.exec(out)?.[1] ?? '';
    const candidates = srcSet.split(', ').map((candidate) => candidate.split(' '));
    expect(candidates.map(([, width]) => width)).toEqual(['320w', '480w', '640w', '800w', '1080w', '1280w', '1600w']);
    for (const [path, width] of candidates) {
      const [, , pathWidth, signature, source] = path!.split('/');
      expect(`${pathWidth}w`).toBe(width);
      expect(signature).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(source!, 'base64url').toString()).toBe('https://cdn.example.com/a.jpg');
    }
    expect(out).toContain('sizes="(min-width: 800px) 720px, 100vw"');
    // a drawing and a relative address are used as they are
    expect(html('<img src="https://cdn.example.com/a.svg">')).not.toContain('srcSet');
    expect(html('<img src="/img/team.jpg">')).not.toContain('srcSet');
  });

  it('adds rel="noopener noreferrer" to external links only', () => {
    expect(html('<a href="http://a.example">x</a>')).toContain('rel="noopener noreferrer"');
    expect(html('<a href="//a.example">x</a>')).toContain('rel="noopener noreferrer"');
    expect(html('<a href="/about">x</a>')).not.toContain('rel=');
    expect(html('<a href="mailto:a@b.c">x</a>')).not.toContain('rel=');
  });

  it('keeps allowed and scheme-less addresses intact', () => {
    const cases = [
      'http://example.com/a?b=1&c=2',
      'https://example.com',
      'HTTPS://EXAMPLE.COM',
      'irc://irc.example.net/c',
      'ircs://irc.example.net/c',
      'mailto:info@example.com',
      'xmpp:user@example.com',
      '/courses/12',
      'courses/12',
      '#fees',
      '?q=1',
      '/foo:bar',
    ];
    for (const url of cases) {
      const escaped = url.replace(/&/g, '&amp;');
      expect(html(`[x](${url})`)).toContain(`href="${escaped}"`);
      expect(html(`<a href="${url}">x</a>`)).toContain(`href="${escaped}"`);
      expect(html(`<img src="${url}">`)).toContain(`src="${escaped}"`);
    }
  });

  it('prefixes id and name so they cannot clobber DOM globals', () => {
    const out = html('<p id="cookie">a</p><a name="getElementById" href="/">b</a>');
    expect(out).toContain('id="user-content-cookie"');
    expect(out).toContain('name="user-content-getElementById"');
  });

  it('never throws and handles empty / odd input', () => {
    for (const src of ['', '   ', '<', '</p>', '<<<>>>', '<div'.repeat(500), '*'.repeat(1000)]) {
      expect(() => html(src)).not.toThrow();
    }
    expect(html('')).toBe('');
  });
});

describe('renderRichText: forbidden addresses become ""', () => {
  const forbidden = [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'file:///etc/passwd',
    'ftp://example.com/x',
    'blob:https://example.com/1',
  ];
  it.each(forbidden)('Markdown and HTML links to %j get href=""', (url) => {
    for (const out of [html(`[x](${url})`), html(`[x][ref]\n\n[ref]: ${url}`), html(`<a href="${url}">x</a>`)]) {
      expect(out).toContain('<a href="">x</a>');
      expectSafe(out);
    }
  });
  it.each(forbidden)('images with %j lose the address', (url) => {
    for (const out of [html(`![a](${url})`), html(`<img src="${url}" alt="a">`)]) {
      // The value becomes "", which React 19 never renders: no `src` at all.
      expect(out).toBe(
        out.startsWith('<p>')
          ? '<p><img alt="a" loading="lazy" decoding="async"/></p>'
          : '<img alt="a" loading="lazy" decoding="async"/>',
      );
      expectSafe(out);
    }
  });
});

// Each entry: [description, source]. All are checked with `expectSafe`.
const XSS: ReadonlyArray<readonly [string, string]> = [
  ['script tag', '<script>alert(1)</script>'],
  ['script tag in Markdown paragraph', 'hello <script>alert(1)</script> world'],
  ['uppercase script', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>'],
  ['img onerror', '<img src=x onerror=alert(1)>'],
  ['img onerror quoted', '<img src="x" onerror="alert(1)"//'],
  ['img javascript src mixed case', '<IMG SRC=JaVaScRiPt:alert(1)>'],
  ['svg onload', '<svg onload=alert(1)>'],
  ['svg script', '<svg><script>alert(1)</script></svg>'],
  ['svg xlink:href', '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">x</text></a></svg>'],
  ['svg animate href', '<svg><a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>'],
  ['math xlink:href', '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>'],
  ['math href', '<math href="javascript:alert(1)">CLICK</math>'],
  ['iframe src', '<iframe src="javascript:alert(1)"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ['object data', '<object data="javascript:alert(1)"></object>'],
  ['embed src', '<embed src="javascript:alert(1)">'],
  ['style element', '<style>@import "javascript:alert(1)"; body{background:url(javascript:alert(1))}</style>'],
  ['style attr url()', '<div style="background:url(javascript:alert(1))">x</div>'],
  ['style attr expression', '<p style="width:expression(alert(1))">x</p>'],
  ['markdown javascript link', '[x](javascript:alert(1))'],
  ['markdown autolink javascript', '<javascript:alert(1)>'],
  ['markdown reference javascript', '[x][1]\n\n[1]: javascript:alert(1)'],
  ['markdown image javascript', '![x](javascript:alert(1))'],
  ['markdown entity-encoded', '[x](&#106;avascript:alert(1))'],
  ['raw link javascript', '<a href="javascript:alert(1)">x</a>'],
  ['raw link mixed case', '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ['raw link entity-encoded decimal', '<a href="&#106;avascript:alert(1)">x</a>'],
  ['raw link entity-encoded hex', '<a href="&#x6A;avascript:alert(1)">x</a>'],
  ['raw link entity in middle', '<a href="jav&#x61;script:alert(1)">x</a>'],
  ['raw link &colon;', '<a href="javascript&colon;alert(1)">x</a>'],
  ['raw link literal tab', '<a href="java\tscript:alert(1)">x</a>'],
  ['raw link encoded tab', '<a href="jav&#x09;ascript:alert(1)">x</a>'],
  ['raw link encoded newline', '<a href="java&#10;script:alert(1)">x</a>'],
  ['raw link leading spaces', '<a href="  javascript:alert(1)">x</a>'],
  ['raw link leading control char', '<a href="&#14;javascript:alert(1)">x</a>'],
  ['raw link leading literal control char', '<a href="\u0001javascript:alert(1)">x</a>'],
  ['raw link javascript with comment', '<a href="javascript://%0aalert(1)">x</a>'],
  ['data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ['data: image', '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">'],
  ['vbscript', '<a href="vbscript:msgbox(1)">x</a>'],
  ['onclick on link', '<a href="/ok" onclick="alert(1)">x</a>'],
  [
    'form action / formaction',
    '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button><input type="submit" formaction="javascript:alert(1)"></form>',
  ],
  ['isindex', '<isindex action="javascript:alert(1)" type="image">'],
  ['base href', '<base href="javascript:alert(1)//">'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ['link stylesheet', '<link rel="stylesheet" href="javascript:alert(1)">'],
  ['input onfocus autofocus', '<input onfocus="alert(1)" autofocus>'],
  ['details ontoggle', '<details open ontoggle="alert(1)"><summary>x</summary></details>'],
  ['body onload', '<body onload="alert(1)">x</body>'],
  ['marquee onstart', '<marquee onstart="alert(1)">x</marquee>'],
  ['video source onerror', '<video><source onerror="alert(1)"></video>'],
  ['srcset', '<img src="/a.png" srcset="javascript:alert(1) 1x, data:image/png,x 2x">'],
  ['picture source srcset', '<picture><source srcset="javascript:alert(1)"><img src="/a.png"></picture>'],
  ['table background', '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>'],
  ['nested / malformed script', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ['comment hiding script', '<!--<script>alert(1)</script>-->'],
  ['abrupt comment end', '<!--><script>alert(1)</script>-->'],
  ['conditional comment', '<!--[if IE]><script>alert(1)</script><![endif]-->'],
  ['noscript attribute escape', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['CDATA', '<![CDATA[<script>alert(1)</script>]]>'],
  ['svg CDATA', '<svg><![CDATA[</svg><img src=x onerror=alert(1)>]]></svg>'],
  ['textarea', '<textarea><script>alert(1)</script></textarea>'],
  ['template', '<template><script>alert(1)</script></template>'],
  ['xmp', '<xmp><script>alert(1)</script></xmp>'],
  ['title', '<title><script>alert(1)</script></title>'],
  ['select/option', '<select><option><img src=x onerror=alert(1)></option></select>'],
  ['unclosed attribute', '<img src="x" alt="a onerror=alert(1)//'],
  ['target and rel from author', '<a href="javascript:alert(1)" target="_blank" rel="opener">x</a>'],
  ['class/style UI spoofing', '<div class="fixed inset-0" style="position:fixed">x</div>'],
  ['javascript in Markdown autolink-like text', 'see <a href="javas&#99;ript:alert(1)">here</a>'],
  ['null byte', '<a href="java\u0000script:alert(1)">x</a>'],
];

describe('renderRichText: XSS attempts', () => {
  it('has a wide set of cases', () => {
    expect(XSS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS)('%s', (_name, source) => {
    expectSafe(html(source));
  });

  it('empties javascript: links written in every obfuscated way', () => {
    const linkCases = XSS.filter(
      ([name]) => name.startsWith('raw link') || (name.startsWith('markdown ') && !name.includes('image')),
    );
    expect(linkCases.length).toBeGreaterThan(10);
    for (const [, source] of linkCases) {
      const anchors = tagsOf(html(source)).filter((t) => t.name === 'a');
      expect(anchors, source).toHaveLength(1);
      expect(anchors[0]!.attrs.href, source).toBe('');
    }
  });

  it('keeps the text of the noscript payload inert', () => {
    // The attribute value is escaped text; no real <img> is produced.
    expect(
      tagsOf(html('<noscript><p title="</noscript><img src=x onerror=alert(1)>">')).some((t) => t.name === 'img'),
    ).toBe(false);
  });
});

describe('RichText component', () => {
  it('wraps the rendered content in a .rich-text div', () => {
    expect(renderToStaticMarkup(<RichText source="**hi**" />)).toBe(
      '<div class="rich-text"><p><strong>hi</strong></p></div>',
    );
    expect(renderToStaticMarkup(<RichText source="hi" className="prose" />)).toBe(
      '<div class="rich-text prose"><p>hi</p></div>',
    );
  });
});

describe('renderRichText: headings nest under the section heading', () => {
  const render = (source: string, underHeading?: number) =>
    renderToStaticMarkup(<>{renderRichText(source, underHeading === undefined ? {} : { underHeading })}</>);

  it('keeps the one h1 of a page: an admin h1 becomes an h2, and its h2 an h3', () => {
    expect(render('# Title\n\n## Part')).toBe('<h2>Title</h2>\n<h3>Part</h3>');
  });

  it('leaves headings that already sit below the page heading alone', () => {
    expect(render('## Who we are\n\n### Team')).toBe('<h2>Who we are</h2>\n<h3>Team</h3>');
  });

  it('inside an h2 section, the highest admin heading becomes an h3 (capped at h6)', () => {
    expect(render('## Who we are\n\n##### Deep\n\n###### Deeper', 2)).toBe(
      '<h3>Who we are</h3>\n<h6>Deep</h6>\n<h6>Deeper</h6>',
    );
  });
});
