import http from 'node:http';
import zlib from 'node:zlib';

/**
 * A page read as the server streams it, for tests that order events rather than time them: the admin holds
 * its answers at a `held` fault (a gate the test opens with `admin.release()`), the test waits `until` the
 * shell has arrived, checks what it holds, opens the gate, and reads the rest. However slow the machine, what
 * arrived before the release cannot hold the admin's data. A br or gzip answer is decoded as it arrives.
 */
export type PageStream = {
  /** The status line's code, once the headers are in. */
  status: Promise<number>;
  headers: Promise<http.IncomingHttpHeaders>;
  /** The text received so far, once `arrived` holds for it; rejects if the answer ends first. */
  until(arrived: (text: string) => boolean): Promise<string>;
  /** The whole text, once the answer has ended. */
  whole: Promise<string>;
};

export function streamPage(url: string, requestHeaders: Record<string, string> = {}): PageStream {
  let text = '';
  let ended = false;
  const waiters: { arrived: (text: string) => boolean; resolve(text: string): void; reject(error: Error): void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (waiter.arrived(text)) waiter.resolve(text);
      else if (ended) waiter.reject(new Error(`the answer ended before the awaited part arrived:\n${text}`));
      else continue;
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  };
  let onHeaders!: (res: http.IncomingMessage) => void;
  const response = new Promise<http.IncomingMessage>((resolve) => (onHeaders = resolve));
  const whole = new Promise<string>((resolve, reject) => {
    const fail = (error: Error) => {
      ended = true;
      for (const waiter of waiters.splice(0)) waiter.reject(error);
      reject(error);
    };
    http
      .get(url, { headers: requestHeaders }, (res) => {
        onHeaders(res);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'br'
            ? res.pipe(zlib.createBrotliDecompress())
            : encoding === 'gzip'
              ? res.pipe(zlib.createGunzip())
              : res;
        body.setEncoding('utf8');
        body.on('data', (chunk: string) => {
          text += chunk;
          check();
        });
        body.on('end', () => {
          ended = true;
          check();
          resolve(text);
        });
        body.on('error', fail);
      })
      .on('error', fail);
  });
  whole.catch(() => {}); // a test that never reads it still sees the error through until()
  return {
    status: response.then((res) => res.statusCode ?? 0),
    headers: response.then((res) => res.headers),
    until: (arrived) =>
      new Promise<string>((resolve, reject) => {
        waiters.push({ arrived, resolve, reject });
        check();
      }),
    whole,
  };
}
