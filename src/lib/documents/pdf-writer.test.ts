import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, test } from 'vitest';
import { directionRuns, loadEmbeddedFonts, PdfWriter } from './pdf-writer';

async function read(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: true });
  const page = await pdf.getPage(1);
  return { text, marked: await pdf.getMarkInfo(), tree: await page.getStructTree(), metadata: await pdf.getMetadata() };
}

describe('directionRuns', () => {
  test('Arabic words and the spaces between them are one run; the rest keeps its place', () => {
    expect(directionRuns('Booker: مريم الحسن (Bapco)')).toEqual([
      { text: 'Booker: ', rtl: false },
      { text: 'مريم الحسن', rtl: true },
      { text: ' (Bapco)', rtl: false },
    ]);
    expect(directionRuns('Plain')).toEqual([{ text: 'Plain', rtl: false }]);
  });
});

describe('PdfWriter', () => {
  test('a tagged document: title, language, headings, paragraphs and a table in the structure tree', async () => {
    const writer = new PdfWriter({
      title: 'Course brochure',
      author: 'Gulf Training Partners',
      fonts: loadEmbeddedFonts(),
    });
    writer.heading(1, 'Leadership Excellence');
    writer.paragraph('Three days of practice and feedback.');
    writer.heading(2, 'Dates and venues');
    writer.table(['Dates', 'Venue', 'Fee'], [['1–3 Dec 2026', 'Manama', 'US$ 4,400']], [0.4, 0.35, 0.25]);
    const bytes = await writer.end();
    const { text, marked, tree, metadata } = await read(bytes);
    expect(marked).toMatchObject({ Marked: true });
    expect((metadata.info as { Title?: string }).Title).toBe('Course brochure');
    expect(text).toContain('Leadership Excellence');
    expect(text).toContain('Manama');
    const roles = JSON.stringify(tree);
    for (const role of ['"Document"', '"H1"', '"H2"', '"P"', '"Table"', '"TR"', '"TH"', '"TD"'])
      expect(roles).toContain(role);
    expect(new TextDecoder('latin1').decode(bytes)).toMatch(/\/Lang \(en-GB\)/);
  });

  test('an Arabic name comes out as Arabic letters, joined, in reading order, lam-alef included', async () => {
    const writer = new PdfWriter({ title: 'Names', author: 'Test', fonts: loadEmbeddedFonts() });
    writer.facts([
      ['Booker', 'مريم الإدارة'],
      ['Delegate', 'علاء حسن'],
    ]);
    const { text } = await read(await writer.end());
    expect(text).toContain('Booker: مريم الإدارة');
    expect(text).toContain('Delegate: علاء حسن');
  });
});
