import { describe, expect, test } from 'vitest';
import { canonicalPath, canonicalQuery, hasMalformedEncoding } from './clean-path';

describe('canonicalPath', () => {
  test('canonical addresses are left alone', () => {
    for (const path of [
      '/',
      '/about',
      '/subCourse-details/project-management',
      '/upcoming-training-course-details/101',
    ]) {
      expect(canonicalPath(path), path).toBeNull();
    }
  });

  test('a trailing slash is dropped, also after a slug', () => {
    expect(canonicalPath('/about/')).toBe('/about');
    expect(canonicalPath('/subCourse-details/pmp/')).toBe('/subCourse-details/pmp');
    expect(canonicalPath('/about///')).toBe('/about');
  });

  test('doubled slashes collapse and never leave a protocol-relative address', () => {
    expect(canonicalPath('//about')).toBe('/about');
    expect(canonicalPath('//evil.example/x')).toBe('/evil.example/x');
    expect(canonicalPath('/subCourse-details//pmp')).toBe('/subCourse-details/pmp');
  });

  test('route names take their canonical case; slugs keep theirs', () => {
    expect(canonicalPath('/subcourse-details/PMP-Prep')).toBe('/subCourse-details/PMP-Prep');
    expect(canonicalPath('/SUBCOURSE-DETAILS/pmp')).toBe('/subCourse-details/pmp');
    expect(canonicalPath('/About')).toBe('/about');
    expect(canonicalPath('/Contact-Us/')).toBe('/contact-us');
    // every page of the route table, and the calendar files; not the files programs ask for by exact name
    expect(canonicalPath('/Register')).toBe('/register');
    expect(canonicalPath('/Calendar/PMP/1.ics')).toBe('/calendar/PMP/1.ics');
    for (const path of ['/Robots.txt', '/HEALTHZ', '/Sitemap.xml']) expect(canonicalPath(path), path).toBeNull();
  });

  test('/index and .html endings', () => {
    expect(canonicalPath('/index')).toBe('/');
    expect(canonicalPath('/index.html')).toBe('/');
    expect(canonicalPath('/about.html')).toBe('/about');
  });

  test('percent-encoded letters are decoded, other encodings upper-cased', () => {
    expect(canonicalPath('/%61bout')).toBe('/about');
    expect(canonicalPath('/subCourse-details/caf%c3%a9')).toBe('/subCourse-details/caf%C3%A9');
    expect(canonicalPath('/subCourse-details/caf%C3%A9')).toBeNull();
    expect(canonicalPath('/subCourse-details/a%2Fb')).toBeNull();
  });

  test("Waku's own requests and files are not pages", () => {
    expect(canonicalPath('/RSC/R/about.txt')).toBeNull();
    expect(canonicalPath('/assets/index-abc.js')).toBeNull();
  });

  test('unknown addresses are cleaned the same way (the 404 page answers the clean one)', () => {
    expect(canonicalPath('/no-such-page/')).toBe('/no-such-page');
    expect(canonicalPath('/favicon.ico')).toBeNull();
  });
});

describe('hasMalformedEncoding', () => {
  test('cut-short escapes and invalid UTF-8 are malformed; proper encodings are not', () => {
    expect(hasMalformedEncoding('/subCourse-details/%E0%A4%A')).toBe(true);
    expect(hasMalformedEncoding('/%')).toBe(true);
    expect(hasMalformedEncoding('/subCourse-details/%FF')).toBe(true);
    expect(hasMalformedEncoding('/subCourse-details/caf%C3%A9')).toBe(false);
    expect(hasMalformedEncoding('/about')).toBe(false);
  });
});

describe('canonicalQuery', () => {
  const category = '/upcoming-training-course-details/101';

  test('page 1 of a list in pages is the list’s own address; the other parameters stay', () => {
    expect(canonicalQuery(category, '?page=1')).toBe('');
    expect(canonicalQuery('/learning-solutions-course-details/201', '?page=1')).toBe('');
    expect(canonicalQuery('/sitemap', '?page=1')).toBe('');
    expect(canonicalQuery(category, '?utm_source=mail&page=1')).toBe('?utm_source=mail');
    expect(canonicalQuery('/search', '?q=risk&page=1')).toBe('?q=risk');
  });

  test('other pages, page numbers that are none, and pages not in pages are left alone', () => {
    for (const search of ['', '?page=2', '?page=01', '?page=x', '?page=1&page=2', '?utm_source=mail']) {
      expect(canonicalQuery(category, search), search).toBeNull();
    }
    expect(canonicalQuery('/about', '?page=1')).toBeNull();
    expect(canonicalQuery('/subCourse-details/pmp', '?page=1')).toBeNull();
  });
});
