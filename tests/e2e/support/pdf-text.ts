import { expect } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/** A PDF answer's text as pdf.js extracts it (not what we put in), and that it is a tagged document. */
export async function pdfText(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}
