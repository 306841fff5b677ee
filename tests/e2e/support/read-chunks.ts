import http from 'node:http';

export type Chunk = { at: number; text: string };

/** The raw HTML of a page as the chunks the server wrote, with their arrival times (ms since the request). */
export function readChunks(url: string): Promise<{ status: number; chunks: Chunk[] }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    http
      .get(url, (res) => {
        const chunks: Chunk[] = [];
        res.setEncoding('utf8');
        res.on('data', (text: string) => chunks.push({ at: Date.now() - started, text }));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, chunks }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}
