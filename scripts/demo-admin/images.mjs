/**
 * Self-made SVG artwork for the demo admin: no external URLs, no binary dependencies.
 *
 * Every picture is drawn from an {@link ImageSpec} (a title, an optional subtitle, a size and a motif). The
 * colours and decorative shapes come from a PRNG seeded with the image name, so the same name always gives
 * the same bytes. content.mjs decides which images exist; this file only knows how to draw them.
 */

/**
 * @typedef {'classroom' | 'skyline' | 'chart' | 'network' | 'shield' | 'people' | 'globe' | 'handshake'} Motif
 *
 * @typedef {object} ImageSpec
 * @property {string} title        Large caption drawn on the picture.
 * @property {string} [subtitle]   Smaller line under the title.
 * @property {number} [width]      viewBox width (default 1200).
 * @property {number} [height]     viewBox height (default 800).
 * @property {Motif} [motif]       Illustration drawn on the right-hand side (default 'classroom').
 */

/** Gradient start, gradient end, accent. Chosen to keep white text readable. */
const PALETTES = [
  ['#0b3d91', '#1b7fbd', '#f4b942'],
  ['#0f5257', '#1f8a70', '#ffd166'],
  ['#3a0ca3', '#4361ee', '#f72585'],
  ['#7f1d1d', '#c2410c', '#fde68a'],
  ['#1e3a5f', '#3d7ea6', '#f9c74f'],
  ['#14532d', '#15803d', '#bbf7d0'],
  ['#4a1d6b', '#9d4edd', '#ffbe0b'],
  ['#0c4a6e', '#0891b2', '#fb923c'],
  ['#312e81', '#6d28d9', '#34d399'],
  ['#7c2d12', '#b45309', '#fef3c7'],
  ['#134e4a', '#0d9488', '#fca5a5'],
  ['#1f2937', '#475569', '#38bdf8'],
];

const FONT = "'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** 32-bit FNV-1a hash of a string. */
export function hashString(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * mulberry32: a tiny seeded PRNG returning floats in [0, 1).
 * @param {number | string} seed
 * @returns {() => number}
 */
export function createRng(seed) {
  let state = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @param {string} text */
export function escapeXml(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Round to one decimal so the SVG stays small and stable. */
const r = (n) => Math.round(n * 10) / 10;

/**
 * Greedy word wrap by character count (good enough for a sans-serif caption).
 * @param {string} text
 * @param {number} maxChars
 * @param {number} maxLines
 */
function wrap(text, maxChars, maxLines) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1].replace(/[\s,.;:]+$/, '')}…`;
    return kept;
  }
  return lines;
}

/**
 * The illustration, drawn inside a box (x, y, size) in white/accent tones.
 * @param {Motif} motif
 * @param {{x: number, y: number, size: number, accent: string, rng: () => number}} box
 */
function drawMotif(motif, { x, y, size, accent, rng }) {
  const s = size;
  const white = 'fill="#ffffff"';
  switch (motif) {
    case 'classroom': {
      // Presentation screen with a chart, and rows of attendees.
      const parts = [
        `<rect x="${r(x + s * 0.1)}" y="${r(y)}" width="${r(s * 0.8)}" height="${r(s * 0.45)}" rx="${r(s * 0.02)}" ${white} opacity="0.92"/>`,
        `<rect x="${r(x + s * 0.48)}" y="${r(y + s * 0.45)}" width="${r(s * 0.04)}" height="${r(s * 0.08)}" ${white} opacity="0.7"/>`,
      ];
      for (let i = 0; i < 4; i += 1) {
        const h = s * (0.08 + rng() * 0.25);
        parts.push(
          `<rect x="${r(x + s * (0.2 + i * 0.15))}" y="${r(y + s * 0.4 - h)}" width="${r(s * 0.09)}" height="${r(h)}" fill="${accent}"/>`,
        );
      }
      for (let row = 0; row < 2; row += 1) {
        for (let col = 0; col < 5; col += 1) {
          const cx = x + s * (0.14 + col * 0.18 + row * 0.09);
          const cy = y + s * (0.7 + row * 0.17);
          parts.push(
            `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(s * 0.045)}" ${white} opacity="${0.85 - row * 0.2}"/>`,
            `<rect x="${r(cx - s * 0.065)}" y="${r(cy + s * 0.055)}" width="${r(s * 0.13)}" height="${r(s * 0.07)}" rx="${r(s * 0.03)}" ${white} opacity="${0.7 - row * 0.2}"/>`,
          );
        }
      }
      return parts.join('');
    }
    case 'skyline': {
      const parts = [];
      let cursor = x;
      while (cursor < x + s) {
        const w = s * (0.07 + rng() * 0.09);
        const h = s * (0.25 + rng() * 0.6);
        parts.push(
          `<rect x="${r(cursor)}" y="${r(y + s - h)}" width="${r(Math.min(w, x + s - cursor))}" height="${r(h)}" ${white} opacity="${r(0.55 + rng() * 0.4)}"/>`,
        );
        cursor += w + s * 0.015;
      }
      parts.push(`<circle cx="${r(x + s * 0.8)}" cy="${r(y + s * 0.15)}" r="${r(s * 0.09)}" fill="${accent}"/>`);
      parts.push(
        `<rect x="${r(x - s * 0.05)}" y="${r(y + s)}" width="${r(s * 1.1)}" height="${r(s * 0.03)}" fill="${accent}"/>`,
      );
      return parts.join('');
    }
    case 'chart': {
      const parts = [
        `<rect x="${r(x)}" y="${r(y)}" width="${r(s)}" height="${r(s * 0.9)}" rx="${r(s * 0.04)}" ${white} opacity="0.15"/>`,
      ];
      const points = [];
      for (let i = 0; i < 6; i += 1) {
        const h = s * (0.15 + (i / 6) * 0.45 + rng() * 0.15);
        const bx = x + s * (0.08 + i * 0.145);
        parts.push(
          `<rect x="${r(bx)}" y="${r(y + s * 0.85 - h)}" width="${r(s * 0.1)}" height="${r(h)}" rx="${r(s * 0.015)}" ${white} opacity="0.85"/>`,
        );
        points.push(`${r(bx + s * 0.05)},${r(y + s * 0.75 - h)}`);
      }
      parts.push(
        `<polyline points="${points.join(' ')}" fill="none" stroke="${accent}" stroke-width="${r(s * 0.018)}" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
      return parts.join('');
    }
    case 'network': {
      const nodes = Array.from({ length: 9 }, () => [x + s * (0.08 + rng() * 0.84), y + s * (0.08 + rng() * 0.84)]);
      const parts = [];
      nodes.forEach(([ax, ay], i) => {
        const [bx, by] = nodes[(i + 1) % nodes.length];
        const [cx, cy] = nodes[(i + 3) % nodes.length];
        parts.push(
          `<path d="M${r(ax)} ${r(ay)}L${r(bx)} ${r(by)}M${r(ax)} ${r(ay)}L${r(cx)} ${r(cy)}" stroke="#ffffff" stroke-opacity="0.5" stroke-width="${r(s * 0.008)}"/>`,
        );
      });
      nodes.forEach(([nx, ny], i) => {
        parts.push(
          `<circle cx="${r(nx)}" cy="${r(ny)}" r="${r(s * (i % 3 === 0 ? 0.05 : 0.03))}" fill="${i % 3 === 0 ? accent : '#ffffff'}"/>`,
        );
      });
      return parts.join('');
    }
    case 'shield': {
      const cx = x + s / 2;
      const top = y + s * 0.05;
      const d = `M${r(cx)} ${r(top)}L${r(cx + s * 0.38)} ${r(top + s * 0.15)}V${r(top + s * 0.45)}C${r(cx + s * 0.38)} ${r(top + s * 0.72)} ${r(cx + s * 0.15)} ${r(top + s * 0.85)} ${r(cx)} ${r(top + s * 0.92)}C${r(cx - s * 0.15)} ${r(top + s * 0.85)} ${r(cx - s * 0.38)} ${r(top + s * 0.72)} ${r(cx - s * 0.38)} ${r(top + s * 0.45)}V${r(top + s * 0.15)}Z`;
      const check = `M${r(cx - s * 0.16)} ${r(top + s * 0.47)}L${r(cx - s * 0.03)} ${r(top + s * 0.6)}L${r(cx + s * 0.18)} ${r(top + s * 0.33)}`;
      return `<path d="${d}" ${white} opacity="0.9"/><path d="${check}" fill="none" stroke="${accent}" stroke-width="${r(s * 0.06)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    case 'people': {
      const parts = [];
      const figures = [
        [0.2, 0.55, 0.11, 0.6],
        [0.8, 0.55, 0.11, 0.6],
        [0.35, 0.45, 0.13, 0.8],
        [0.65, 0.45, 0.13, 0.8],
        [0.5, 0.38, 0.15, 0.95],
      ];
      for (const [fx, fy, fr, op] of figures) {
        const cx = x + s * fx;
        const cy = y + s * fy;
        parts.push(
          `<circle cx="${r(cx)}" cy="${r(cy - s * fr * 1.3)}" r="${r(s * fr * 0.7)}" ${white} opacity="${op}"/>`,
          `<path d="M${r(cx - s * fr * 1.2)} ${r(cy + s * fr * 1.9)}Q${r(cx)} ${r(cy - s * fr * 0.6)} ${r(cx + s * fr * 1.2)} ${r(cy + s * fr * 1.9)}Z" ${white} opacity="${op}"/>`,
        );
      }
      parts.push(
        `<rect x="${r(x + s * 0.1)}" y="${r(y + s * 0.86)}" width="${r(s * 0.8)}" height="${r(s * 0.04)}" rx="${r(s * 0.02)}" fill="${accent}"/>`,
      );
      return parts.join('');
    }
    case 'globe': {
      const cx = x + s / 2;
      const cy = y + s / 2;
      const rad = s * 0.42;
      const stroke = `fill="none" stroke="#ffffff" stroke-opacity="0.85" stroke-width="${r(s * 0.012)}"`;
      return [
        `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(rad)}" fill="#ffffff" fill-opacity="0.12" stroke="#ffffff" stroke-width="${r(s * 0.018)}"/>`,
        `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(rad * 0.45)}" ry="${r(rad)}" ${stroke}/>`,
        `<ellipse cx="${r(cx)}" cy="${r(cy)}" rx="${r(rad * 0.85)}" ry="${r(rad)}" ${stroke}/>`,
        `<path d="M${r(cx - rad)} ${r(cy)}H${r(cx + rad)}M${r(cx - rad * 0.87)} ${r(cy - rad * 0.5)}H${r(cx + rad * 0.87)}M${r(cx - rad * 0.87)} ${r(cy + rad * 0.5)}H${r(cx + rad * 0.87)}" ${stroke}/>`,
        `<circle cx="${r(cx + rad * 0.35)}" cy="${r(cy - rad * 0.25)}" r="${r(s * 0.035)}" fill="${accent}"/>`,
        `<circle cx="${r(cx - rad * 0.4)}" cy="${r(cy + rad * 0.3)}" r="${r(s * 0.035)}" fill="${accent}"/>`,
      ].join('');
    }
    case 'handshake':
    default: {
      // Two speech bubbles: a consultation.
      return [
        `<rect x="${r(x)}" y="${r(y + s * 0.05)}" width="${r(s * 0.62)}" height="${r(s * 0.38)}" rx="${r(s * 0.08)}" ${white} opacity="0.9"/>`,
        `<path d="M${r(x + s * 0.12)} ${r(y + s * 0.42)}l${r(s * 0.02)} ${r(s * 0.12)}l${r(s * 0.12)} ${r(-s * 0.12)}Z" ${white} opacity="0.9"/>`,
        `<rect x="${r(x + s * 0.36)}" y="${r(y + s * 0.5)}" width="${r(s * 0.62)}" height="${r(s * 0.38)}" rx="${r(s * 0.08)}" fill="${accent}"/>`,
        `<path d="M${r(x + s * 0.84)} ${r(y + s * 0.87)}l${r(-s * 0.02)} ${r(s * 0.12)}l${r(-s * 0.12)} ${r(-s * 0.12)}Z" fill="${accent}"/>`,
        ...[0, 1, 2].map(
          (i) =>
            `<circle cx="${r(x + s * (0.19 + i * 0.12))}" cy="${r(y + s * 0.24)}" r="${r(s * 0.035)}" fill="${accent}"/>`,
        ),
        `<path d="M${r(x + s * 0.46)} ${r(y + s * 0.64)}H${r(x + s * 0.88)}M${r(x + s * 0.46)} ${r(y + s * 0.74)}H${r(x + s * 0.76)}" stroke="#ffffff" stroke-width="${r(s * 0.03)}" stroke-linecap="round"/>`,
      ].join('');
    }
  }
}

/**
 * Draw one picture.
 * @param {string} name  Image name (seeds colours and shapes).
 * @param {ImageSpec} spec
 * @returns {string} A complete SVG document.
 */
export function renderImage(name, { title, subtitle, width = 1200, height = 800, motif = 'classroom' }) {
  const rng = createRng(name);
  const [from, to, accent] = PALETTES[hashString(`palette:${name}`) % PALETTES.length];
  const unit = Math.min(width, height);
  const id = `g${hashString(name).toString(36)}`;

  const blobs = Array.from({ length: 5 }, () => {
    const cx = rng() * width;
    const cy = rng() * height;
    const radius = unit * (0.12 + rng() * 0.35);
    return `<circle cx="${r(cx)}" cy="${r(cy)}" r="${r(radius)}" fill="#ffffff" opacity="${r(0.04 + rng() * 0.08)}"/>`;
  }).join('');
  const waveY = height * 0.82;
  const wave = `<path d="M0 ${r(waveY)}C${r(width * 0.25)} ${r(waveY - unit * 0.12)} ${r(width * 0.5)} ${r(waveY + unit * 0.12)} ${r(width)} ${r(waveY - unit * 0.04)}V${height}H0Z" fill="#000000" opacity="0.18"/>`;

  const wide = width / height >= 1.2;
  const artSize = wide ? Math.min(height * 0.62, width * 0.36) : unit * 0.42;
  const artX = wide ? width - artSize - width * 0.07 : (width - artSize) / 2;
  const artY = wide ? (height - artSize) / 2 : height * 0.1;
  const art = drawMotif(motif, { x: artX, y: artY, size: artSize, accent, rng });

  const textX = wide ? width * 0.07 : width * 0.08;
  const textWidth = wide ? artX - textX - width * 0.04 : width * 0.84;
  const titleSize = Math.max(24, Math.round(unit * (wide ? 0.075 : 0.085)));
  const titleLines = wrap(title, Math.max(8, Math.floor(textWidth / (titleSize * 0.56))), 4);
  const subtitleSize = Math.round(titleSize * 0.5);
  const blockHeight = titleLines.length * titleSize * 1.15 + (subtitle ? subtitleSize * 1.8 : 0);
  let textY = wide
    ? (height - blockHeight) / 2 + titleSize
    : artY + artSize + (height - artY - artSize - blockHeight) / 2 + titleSize * 0.9;
  const anchor = wide ? 'start' : 'middle';
  const anchorX = wide ? textX : width / 2;
  const texts = titleLines.map((line, i) => {
    const y = textY + i * titleSize * 1.15;
    return `<text x="${r(anchorX)}" y="${r(y)}" font-size="${titleSize}" font-weight="700" fill="#ffffff" text-anchor="${anchor}">${escapeXml(line)}</text>`;
  });
  if (subtitle) {
    textY += (titleLines.length - 1) * titleSize * 1.15 + subtitleSize * 1.9;
    texts.push(
      `<text x="${r(anchorX)}" y="${r(textY)}" font-size="${subtitleSize}" fill="#ffffff" fill-opacity="0.88" text-anchor="${anchor}">${escapeXml(subtitle)}</text>`,
    );
  }
  const badgeSize = Math.max(12, Math.round(unit * 0.03));
  const badge = `<g transform="translate(${r(unit * 0.04)} ${r(unit * 0.04)})"><rect width="${r(badgeSize * 4.6)}" height="${r(badgeSize * 1.8)}" rx="${r(badgeSize * 0.9)}" fill="${accent}"/><text x="${r(badgeSize * 2.3)}" y="${r(badgeSize * 1.25)}" font-size="${badgeSize}" font-weight="700" fill="#1f2937" text-anchor="middle" letter-spacing="2">DEMO</text></g>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<clipPath id="${id}c"><rect width="${width}" height="${height}"/></clipPath></defs>`,
    `<g clip-path="url(#${id}c)">`,
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>`,
    blobs,
    wave,
    art,
    `<g font-family="${FONT}">${texts.join('')}${badge}</g>`,
    '</g></svg>',
  ].join('');
}

/**
 * The provider's logo: a pearl-in-a-gate mark and the name. Transparent background, dark text.
 * @param {{ name?: string, tagline?: string }} [options]
 */
export function renderLogo({ name = 'Dilmun Academy', tagline = 'DEMO · MANAMA, BAHRAIN' } = {}) {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 360 96" width="360" height="96" role="img" aria-label="',
    escapeXml(`${name} (demo)`),
    '">',
    `<title>${escapeXml(`${name} (demo)`)}</title>`,
    '<defs><linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#1b7fbd"/></linearGradient></defs>',
    '<rect x="8" y="12" width="72" height="72" rx="18" fill="url(#logo-g)"/>',
    '<path d="M24 74V44a20 20 0 0 1 40 0v30" fill="none" stroke="#ffffff" stroke-width="7" stroke-linecap="round"/>',
    '<circle cx="44" cy="50" r="9" fill="#f4b942"/>',
    `<g font-family="${FONT}">`,
    `<text x="96" y="52" font-size="30" font-weight="700" fill="#0f172a">${escapeXml(name)}</text>`,
    `<text x="97" y="76" font-size="13" font-weight="600" fill="#1b7fbd" letter-spacing="2.2">${escapeXml(tagline)}</text>`,
    '</g></svg>',
  ].join('');
}
