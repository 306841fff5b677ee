/**
 * Tagged, accessible PDF documents (the course brochure; the quotation will use the same writer): PDFKit
 * writes them, with IBM Plex Sans Arabic embedded (one font with Latin and Arabic letters, subset to the glyphs
 * used), so an Arabic name comes out as Arabic letters, joined by the font's shaping. Every piece of text sits
 * in the structure tree (Document, H1/H2, P, Table/TR/TH/TD) with the document's language, so a screen reader
 * reads it in order. PDFKit's browser build has no file system or native code, so the same module runs on
 * Node and in a Worker (record 037).
 */
import { unzlibSync } from 'fflate';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
// the woff files come into the bundle as data: addresses (Vite's `?inline`), so no file is read at run time
import boldSource from '@ibm/plex-sans-arabic/fonts/complete/woff/IBMPlexSansArabic-Bold.woff?inline';
import regularSource from '@ibm/plex-sans-arabic/fonts/complete/woff/IBMPlexSansArabic-Regular.woff?inline';

type Fontkit = fontkit.Font;

/** Arabic-script letters, with the spaces and joiners between them, as one run read right to left. */
const ARABIC_RUN =
  /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+(?:[\s\u200C\u200D]+[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]+)*/g;

/** The text split into runs of one direction, in reading order. */
export function directionRuns(text: string): { text: string; rtl: boolean }[] {
  const runs: { text: string; rtl: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(ARABIC_RUN)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), rtl: false });
    runs.push({ text: match[0], rtl: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), rtl: false });
  return runs;
}

function decodeDataAddress(address: string): Uint8Array {
  return Uint8Array.from(atob(address.slice(address.indexOf(',') + 1)), (char) => char.charCodeAt(0));
}

/**
 * A WOFF file as the plain font (SFNT) it wraps: each table inflated once. fontkit reads a WOFF's tables
 * by inflating them on every read, and every document's subset reads the glyphs again: measured, 200 ms of
 * each document went there, against about 20 ms from the plain font.
 */
function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) return woff; // not 'wOFF': already plain
  const count = view.getUint16(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const at = 44 + index * 20;
    const offset = view.getUint32(at + 4);
    const compressed = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    const stored = woff.subarray(offset, offset + compressed);
    return {
      tag: view.getUint32(at),
      checksum: view.getUint32(at + 16),
      data: compressed < length ? unzlibSync(stored) : stored,
    };
  });
  const padded = (length: number) => (length + 3) & ~3;
  const headerLength = 12 + 16 * count;
  const sfnt = new Uint8Array(headerLength + tables.reduce((sum, table) => sum + padded(table.data.length), 0));
  const out = new DataView(sfnt.buffer);
  const power = 2 ** Math.floor(Math.log2(count));
  out.setUint32(0, view.getUint32(4)); // the flavour: TrueType or CFF
  out.setUint16(4, count);
  out.setUint16(6, power * 16);
  out.setUint16(8, Math.log2(power));
  out.setUint16(10, count * 16 - power * 16);
  let offset = headerLength;
  tables.forEach((table, index) => {
    const at = 12 + index * 16;
    out.setUint32(at, table.tag);
    out.setUint32(at + 4, table.checksum);
    out.setUint32(at + 8, offset);
    out.setUint32(at + 12, table.data.length);
    sfnt.set(table.data, offset);
    offset += padded(table.data.length);
  });
  return sfnt;
}

/**
 * The font as PDFKit should see it. A glyph that stands for several letters in right-to-left text (lam-alef,
 * "لا") is mapped back to its letters in the order readers take out of a PDF: they collect the glyphs as they
 * are drawn, right to left, and turn the whole line round, letters of a ligature included, so the mapping is
 * written the other way round to come out right ("الإدارة", not "اإلدارة").
 */
function forExtraction(font: Fontkit): Fontkit {
  return new Proxy(font, {
    get(target, property) {
      if (property === 'layout')
        return (...args: Parameters<Fontkit['layout']>) => {
          const run = target.layout(...args);
          if (run.direction !== 'rtl') return run;
          const glyphs = run.glyphs.map((glyph) =>
            glyph.codePoints.length > 1
              ? { id: glyph.id, advanceWidth: glyph.advanceWidth, codePoints: [...glyph.codePoints].reverse() }
              : glyph,
          );
          return Object.assign(Object.create(Object.getPrototypeOf(run) as object) as object, run, { glyphs });
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export type EmbeddedFonts = { regular: Fontkit; bold: Fontkit };

/** The documents' fonts, parsed: the slow part of a first document, so the site keeps them (src/site.ts). */
export function loadEmbeddedFonts(): EmbeddedFonts {
  return {
    regular: forExtraction(fontkit.create(woffToSfnt(decodeDataAddress(regularSource)) as Buffer) as Fontkit),
    bold: forExtraction(fontkit.create(woffToSfnt(decodeDataAddress(boldSource)) as Buffer) as Fontkit),
  };
}

type Struct = PDFKit.PDFStructureElement;
type Cell = string | { text: string; bold?: boolean };

const MARGIN = 56;
const COLOURS = { text: '#1f2933', muted: '#52606d', rule: '#cbd2d9', accent: '#0b4f6c' };

/** One document: headings, paragraphs, label–value lines and tables, each in the structure tree. */
export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly root: Struct;
  private readonly chunks: Uint8Array[] = [];
  private readonly done: Promise<Uint8Array<ArrayBuffer>>;

  constructor({
    title,
    author,
    lang = 'en-GB',
    fonts: { regular, bold },
  }: {
    title: string;
    author: string;
    lang?: string;
    fonts: EmbeddedFonts;
  }) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      tagged: true,
      lang,
      displayTitle: true,
      pdfVersion: '1.7',
      info: { Title: title, Author: author, Creator: author },
      // no standard font: PDFKit would load Helvetica's metrics, and every letter here is Plex
      font: null as unknown as string,
      compress: true,
    });
    this.doc.registerFont('regular', regular as unknown as Buffer);
    this.doc.registerFont('bold', bold as unknown as Buffer);
    this.doc.font('regular').fillColor(COLOURS.text);
    this.root = this.doc.struct('Document');
    this.doc.addStructure(this.root);
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (chunk: Uint8Array) => this.chunks.push(chunk));
      this.doc.on('end', () => {
        const length = this.chunks.reduce((sum, chunk) => sum + chunk.length, 0);
        const bytes = new Uint8Array(length);
        let offset = 0;
        for (const chunk of this.chunks) {
          bytes.set(chunk, offset);
          offset += chunk.length;
        }
        resolve(bytes);
      });
      this.doc.on('error', reject);
    });
  }

  /** Text in its own direction runs: an Arabic run is marked Arabic, with its letters in reading order. */
  private write(parent: Struct, text: string, options: PDFKit.Mixins.TextOptions = {}) {
    const runs = directionRuns(text);
    runs.forEach((run, index) => {
      const continued = index < runs.length - 1 || Boolean(options.continued);
      parent.add(
        this.doc.struct('Span', run.rtl ? { lang: 'ar', actual: run.text } : {}, () => {
          // Arabic without PDFKit's optional features (kerning): the shaping the script needs (joining forms,
          // lam-alef) still applies, and without kerning's offsets between glyphs a reader takes the words
          // out whole and in order (with them, pdf.js gave "الإدارةمريم" for "مريم الإدارة")
          this.doc.text(run.text, { ...options, continued, ...(run.rtl ? { features: [] } : {}) });
        }),
      );
    });
  }

  heading(level: 1 | 2 | 3, text: string) {
    const element = this.doc.struct(`H${level}`);
    this.root.add(element);
    if (level > 1) this.doc.moveDown(level === 2 ? 0.8 : 0.4);
    this.doc
      .font('bold')
      .fontSize(level === 1 ? 20 : level === 2 ? 13 : 11.5)
      .fillColor(level === 3 ? COLOURS.text : COLOURS.accent);
    this.write(element, text);
    element.end();
    this.doc.font('regular').fontSize(10.5).fillColor(COLOURS.text).moveDown(0.4);
  }

  paragraph(text: string, { muted = false }: { muted?: boolean } = {}) {
    const element = this.doc.struct('P');
    this.root.add(element);
    this.doc
      .font('regular')
      .fontSize(muted ? 9.5 : 10.5)
      .fillColor(muted ? COLOURS.muted : COLOURS.text);
    this.write(element, text, { lineGap: 2 });
    element.end();
    this.doc.fillColor(COLOURS.text).moveDown(0.5);
  }

  /** "Label: value" lines, the label bold: a short list of facts. */
  facts(rows: readonly (readonly [label: string, value: string])[]) {
    for (const [label, value] of rows) {
      const element = this.doc.struct('P');
      this.root.add(element);
      element.add(
        this.doc.struct('Span', {}, () => this.doc.font('bold').fontSize(10.5).text(`${label}: `, { continued: true })),
      );
      this.doc.font('regular');
      this.write(element, value);
      element.end();
    }
    this.doc.moveDown(0.5);
  }

  /** A table with a header row; columns share the width by `widths` (fractions that add up to 1). */
  table(header: readonly string[], rows: readonly (readonly Cell[])[], widths: readonly number[]) {
    const doc = this.doc;
    const table = doc.struct('Table');
    this.root.add(table);
    const left = MARGIN;
    const width = doc.page.width - MARGIN * 2;
    const columns = widths.map((share) => share * width);
    const padding = 4;
    const drawRow = (cells: readonly Cell[], role: 'TH' | 'TD') => {
      const heights = cells.map((cell, index) => {
        const text = typeof cell === 'string' ? cell : cell.text;
        doc.font(role === 'TH' || (typeof cell !== 'string' && cell.bold) ? 'bold' : 'regular').fontSize(9.5);
        return doc.heightOfString(text, { width: columns[index]! - padding * 2 });
      });
      const height = Math.max(...heights) + padding * 2;
      if (doc.y + height > doc.page.height - MARGIN) doc.addPage();
      const top = doc.y;
      const row = doc.struct('TR');
      table.add(row);
      let x = left;
      cells.forEach((cell, index) => {
        const text = typeof cell === 'string' ? cell : cell.text;
        const element = doc.struct(role);
        row.add(element);
        doc.font(role === 'TH' || (typeof cell !== 'string' && cell.bold) ? 'bold' : 'regular').fontSize(9.5);
        doc.x = x + padding;
        doc.y = top + padding;
        this.write(element, text, { width: columns[index]! - padding * 2 });
        element.end();
        x += columns[index]!;
      });
      row.end();
      doc.markContent('Artifact', { type: 'Layout' });
      doc
        .moveTo(left, top + height)
        .lineTo(left + width, top + height)
        .lineWidth(role === 'TH' ? 1 : 0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
      doc.endMarkedContent();
      doc.x = left;
      doc.y = top + height;
    };
    drawRow(header, 'TH');
    for (const cells of rows) drawRow(cells, 'TD');
    table.end();
    doc.x = left;
    doc.moveDown(0.8);
  }

  /** The finished file. */
  end(): Promise<Uint8Array<ArrayBuffer>> {
    this.root.end();
    this.doc.end();
    return this.done;
  }
}
