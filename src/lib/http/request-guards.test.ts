import { describe, expect, test } from 'vitest';
import { guardAnswer, type GuardedRequest } from './request-guards';

function request(method: string, url: string, headers: Record<string, string> = {}): GuardedRequest {
  return { method, url, header: (name) => headers[name] };
}

const answer = (method: string, url: string, headers: Record<string, string> = {}, trustForwardedHost = false) =>
  guardAnswer(request(method, url, headers), trustForwardedHost);

describe('the guards every request meets first, kept or not', () => {
  test('a page, its form post from the site itself, a picture and a navigation payload pass', () => {
    expect(answer('GET', 'http://site.example/about')).toBeUndefined();
    expect(answer('HEAD', 'http://site.example/subCourse-details/PMP-Prep')).toBeUndefined();
    expect(
      answer('POST', 'http://site.example/contact-us', { origin: 'http://site.example', host: 'site.example' }),
    ).toBeUndefined();
    expect(answer('GET', 'http://site.example/_img/640/c2ln/aHR0cHM6Ly9hZG1pbi5leGFtcGxl')).toBeUndefined();
    expect(answer('GET', 'http://site.example/RSC/R/about.txt')).toBeUndefined();
  });

  test('a form posted from another site is refused before its address or method is judged', () => {
    const refused = answer('POST', 'http://site.example/Contact-Us/', {
      origin: 'https://evil.example',
      host: 'site.example',
    });
    expect(refused?.status).toBe(403);
    expect(refused?.message).toBe('Forms can only be sent from this site.');
  });

  test('bad %-encoding is a 400, never redirected first', () => {
    const refused = answer('GET', 'http://site.example/About/%E0%A4%A');
    expect(refused?.status).toBe(400);
    expect(refused?.message).toBe('This address is not valid: it contains a malformed %-encoded character.');
  });

  test("a near-miss is a 308 to the page's one address, the query kept, before its method is judged", () => {
    expect(answer('GET', 'http://site.example/about/?utm_source=x')).toEqual({
      status: 308,
      headers: { location: '/about?utm_source=x', 'cache-control': 'public, max-age=3600' },
    });
    // 308 keeps the method: a form posted to a near-miss is sent again to the true address
    expect(answer('DELETE', 'http://site.example/About')?.headers.location).toBe('/about');
    // a signed picture address is the image endpoint's to read, never "corrected"
    expect(answer('GET', 'http://site.example/_img/640/c2ln//a%2fb/')).toBeUndefined();
  });

  test('a method the path does not take is a 405 with Allow, as the route table says', () => {
    const refused = answer('DELETE', 'http://site.example/about');
    expect(refused?.status).toBe(405);
    expect(refused?.headers.allow).toBe('GET, HEAD');
    expect(refused?.message).toBe('This address only answers GET, HEAD.');
    expect(answer('POST', 'http://site.example/_img/640/c2ln/x')?.status).toBe(405);
    expect(answer('PUT', 'http://site.example/contact-us')?.headers.allow).toBe('GET, HEAD, POST');
  });

  test('an RSC path the router does not serve is a 404', () => {
    expect(answer('GET', 'http://site.example/RSC/nothing')?.status).toBe(404);
  });
});
