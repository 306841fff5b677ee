import { suggestCourses, type SuggestionsAnswer } from '../lib/search/search-suggestions';
import { site } from '../site';

/** Suggestions never wait long for a first index: the box then simply suggests nothing yet. */
const SUGGESTIONS_WAIT_MS = 1000;

/**
 * /search-suggestions?q=…: what the header search suggests while a visitor types, as JSON. Asked for on every
 * pause in typing, so browsers may reuse an answer for a minute; the page cache never keeps it (it is not a page).
 */
export async function suggestionsFile(request: Request): Promise<Response> {
  const typed = new URL(request.url).searchParams.get('q') ?? '';
  const result = await site().search.get(SUGGESTIONS_WAIT_MS);
  const answer: SuggestionsAnswer = result.ok
    ? suggestCourses(result.index, typed)
    : { q: typed.trim(), suggestions: [], total: 0 };
  return new Response(JSON.stringify(answer), {
    status: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': result.ok ? 'public, max-age=60' : 'no-store',
    },
  });
}
