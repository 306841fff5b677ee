import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { PRECOMPRESSIBLE, precompressedName, writePrecompressed } from './precompressed-assets';

const dir = mkdtempSync(path.join(os.tmpdir(), 'precompressed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writePrecompressed', () => {
  it('writes a br and a gz copy beside the file that decode to the same bytes', async () => {
    const file = path.join(dir, 'index-abc.js');
    const source = 'export const greeting = "hello";\n'.repeat(500);
    writeFileSync(file, source);
    await writePrecompressed(file);
    const br = readFileSync(precompressedName(file, 'br'));
    const gz = readFileSync(precompressedName(file, 'gzip'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(source);
    expect(zlib.gunzipSync(gz).toString()).toBe(source);
    expect(br.byteLength).toBeLessThan(source.length / 20);
    expect(precompressedName(file, 'gzip')).toBe(`${file}.gz`);
  });

  it('compresses scripts, stylesheets and SVG, not pictures that are compressed already', () => {
    for (const name of ['a.js', 'b.css', 'c.svg']) expect(PRECOMPRESSIBLE.test(name), name).toBe(true);
    for (const name of ['a.png', 'b.webp', 'c.woff2', 'd.js.br']) expect(PRECOMPRESSIBLE.test(name), name).toBe(false);
  });
});
