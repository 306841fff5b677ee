import { describe, expect, it } from 'vitest';
import { safeUrl, urlScheme } from './safe-url';

const KEPT: ReadonlyArray<string> = [
  'http://example.com',
  'https://example.com/a?b=c#d',
  'HTTPS://EXAMPLE.COM',
  'HtTp://example.com',
  'irc://irc.example.net/channel',
  'ircs://irc.example.net/channel',
  'mailto:info@example.com',
  'MAILTO:info@example.com',
  'xmpp:user@example.com',
  // no scheme → relative, kept as written
  '',
  '/courses/12',
  'courses/12',
  './a.png',
  '../a.png',
  '#top',
  '?q=1',
  '//cdn.example.com/a.png',
  '/foo:bar',
  'foo/bar:baz',
  '?a:b',
  '#x:y',
  '1abc:def', // a scheme must start with a letter
  'foo bar:baz', // space is not a scheme character
  'foo_bar:baz',
  '%6Aavascript:alert(1)', // percent-encoding is not decoded before the scheme
  'javascript%3Aalert(1)',
  '\u00A0javascript:alert(1)', // NBSP is not stripped by browsers → relative
  '  https://example.com  ', // whitespace around an allowed scheme
];

const EMPTIED: ReadonlyArray<string> = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'JAVASCRIPT:alert(1)',
  ' javascript:alert(1)',
  '   javascript:alert(1)   ',
  '\tjavascript:alert(1)',
  '\njavascript:alert(1)',
  '\u0001javascript:alert(1)',
  '\u000Ejavascript:alert(1)',
  '\u0000javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'java\rscript:alert(1)',
  'j\ta\tv\ta\ts\tc\tr\ti\tp\tt:alert(1)',
  'javascript://%0aalert(1)',
  'vbscript:msgbox(1)',
  'VBScript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'DATA:text/html,x',
  'file:///etc/passwd',
  'ftp://example.com/a',
  'blob:https://example.com/uuid',
  'livescript:alert(1)',
  'c:\\windows\\system32',
  'tel:+97312345678', // not in the allowed list
  'sms:123',
  'chrome://settings',
  'view-source:https://example.com',
  'x-custom+scheme.v1:thing',
  'https+evil:x', // the scheme must match exactly, not by prefix
  'httpx://example.com',
];

describe('safeUrl', () => {
  it.each(KEPT)('keeps %j unchanged', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each(EMPTIED)('replaces %j with ""', (url) => {
    expect(safeUrl(url)).toBe('');
  });

  it('treats a bare allowed scheme as allowed', () => {
    expect(safeUrl('http:')).toBe('http:');
  });
});

describe('urlScheme', () => {
  it.each([
    ['https://a.b', 'https'],
    [' \u0002JaVa\tScRiPt:x', 'javascript'],
    ['a+b-c.d:x', 'a+b-c.d'],
    ['/a:b', null],
    ['', null],
    [':foo', null],
  ] as const)('%j → %j', (url, scheme) => {
    expect(urlScheme(url)).toBe(scheme);
  });
});
