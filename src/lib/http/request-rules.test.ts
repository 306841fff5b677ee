import { describe, expect, test } from 'vitest';
import { allowedMethods, functionIdFromPath, isLocalCaller, requestKind, sameSecret } from './request-rules';

describe('allowed methods', () => {
  test('pages are read; pages with an enquiry form also take its post; functions only POST', () => {
    expect(allowedMethods('/about')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods('/no-such-page')).toEqual(['GET', 'HEAD']);
    for (const path of ['/healthz', '/robots.txt', '/sitemap.xml', '/calendar/pmp/1.ics', '/gallery', '/search']) {
      expect(allowedMethods(path), path).toEqual(['GET', 'HEAD']);
    }
    for (const page of [
      '/',
      '/contact-us',
      '/register',
      '/upcoming-training-course-details/101',
      '/learning-solutions-course-details/201',
      '/subCourse-details/budgeting',
    ]) {
      expect(allowedMethods(page), page).toEqual(['GET', 'HEAD', 'POST']);
    }
    expect(allowedMethods('/subCourse-details/a/b')).toEqual(['GET', 'HEAD']);
    expect(allowedMethods('/RSC/F/abc/sendEnquiry.txt')).toEqual(['POST']);
    expect(allowedMethods('/RSC/R/about.txt')).toEqual(['GET', 'HEAD', 'POST']);
    expect(requestKind('/RSC/R/_root.txt')).toBe('rsc');
    expect(requestKind('/RSC/S/footer.txt')).toBe('rsc');
    for (const path of ['/RSC/R/x', '/RSC/zzz.txt', '/RSC/']) expect(requestKind(path), path).toBe('unknown rsc');
  });
});

describe('function ids', () => {
  test('decoded as Waku does', () => {
    expect(functionIdFromPath('/RSC/F/abc123/sendEnquiry.txt')).toBe('abc123#sendEnquiry');
    expect(functionIdFromPath('/RSC/F/_/src/lib/x.ts/send.txt')).toBe('/src/lib/x.ts#send');
  });
  test('a path naming no function gives none', () => {
    for (const path of ['/RSC/F/abc.txt', '/RSC/F/abc/', '/RSC/F/abc/x', '/RSC/R/x.txt', '/RSC/F/%E0%A4%A/x.txt']) {
      expect(functionIdFromPath(path), path).toBeUndefined();
    }
  });
});

describe('local callers', () => {
  test('the loopback peer without forwarding headers only', () => {
    expect(isLocalCaller('127.0.0.1', new Headers())).toBe(true);
    expect(isLocalCaller('::1', new Headers())).toBe(true);
    expect(isLocalCaller('::ffff:127.0.0.1', new Headers())).toBe(true);
    expect(isLocalCaller('10.0.0.2', new Headers())).toBe(false);
    expect(isLocalCaller(undefined, new Headers())).toBe(false);
    expect(isLocalCaller('127.0.0.1', new Headers({ 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
    expect(isLocalCaller('127.0.0.1', new Headers({ forwarded: 'for=203.0.113.9' }))).toBe(false);
  });
  test('secrets compare whole', () => {
    expect(sameSecret('a-long-enough-secret', 'a-long-enough-secret')).toBe(true);
    expect(sameSecret('a-long-enough-secreT', 'a-long-enough-secret')).toBe(false);
    expect(sameSecret('a-long-enough', 'a-long-enough-secret')).toBe(false);
    expect(sameSecret('', 'a-long-enough-secret')).toBe(false);
  });
});
