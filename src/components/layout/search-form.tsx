'use client';
/**
 * The site search: a plain GET form to /search, so it works before (and without) JavaScript. Shared by
 * the desktop header box and the mobile overlay; the overlay passes refs to focus the input and to tell
 * a mousedown on the field from one outside it. On the results page it keeps the words searched for.
 * When the box is first focused, the suggestions (search-suggestions.tsx) are loaded and make it their
 * combobox; no page carries their code before.
 */
import { useEffect, useRef, useState, type Ref } from 'react';
import { useRouter } from 'waku/router/client';
import { SearchIcon } from './icons';
import styles from './search-form.module.css';
import { href, match } from '../../lib/site-routes';

type SuggestionsModule = typeof import('./search-suggestions');
// the bundler loads the module once, however often this is called
const loadSuggestions = (): Promise<SuggestionsModule> => import('./search-suggestions');

/** The header's search box: on the results page it keeps the words searched for (also after client-side navigation). */
export function HeaderSearchForm({ inputId }: { inputId: string }) {
  const { path, query } = useRouter();
  const searched = match('/search', path) ? (new URLSearchParams(query).get('q') ?? '') : '';
  return <SearchForm key={searched} inputId={inputId} variant="header" searched={searched} />;
}

export function SearchForm({
  inputId,
  variant,
  inputRef,
  fieldRef,
  searched = '',
}: {
  inputId: string;
  variant: 'header' | 'overlay';
  inputRef?: Ref<HTMLInputElement>;
  fieldRef?: Ref<HTMLDivElement>;
  /** The words of the search whose results are on screen, kept in the box. */
  searched?: string;
}) {
  const plainInput = useRef<HTMLInputElement | null>(null);
  const [suggestions, setSuggestions] = useState<
    { Suggestions: SuggestionsModule['SearchSuggestions']; input: HTMLInputElement } | undefined
  >();

  const loadOnFirstFocus = () => {
    if (suggestions) return;
    void loadSuggestions().then(
      (module) => {
        const input = plainInput.current;
        if (input) setSuggestions({ Suggestions: module.SearchSuggestions, input });
      },
      () => {}, // the chunk did not load (offline): the plain box still searches
    );
  };

  // A box focused before the page hydrated (a quick tap on a slow phone) had its focus event before React
  // listened: its suggestions come once it has (once, on hydration).
  useEffect(() => {
    if (plainInput.current && plainInput.current === document.activeElement) loadOnFirstFocus();
  }, []);

  return (
    <form className={`${styles.form} ${styles[variant]}`} action={href('/search')} method="get" role="search">
      <label className="visually-hidden" htmlFor={inputId}>
        Search courses
      </label>
      <div className={styles.field} ref={fieldRef}>
        <input
          defaultValue={searched}
          ref={(element) => {
            plainInput.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          id={inputId}
          className={styles.input}
          type="search"
          name="q"
          placeholder="Search..."
          autoComplete="off"
          enterKeyHint="search"
          onFocus={loadOnFirstFocus}
        />
        {suggestions ? <suggestions.Suggestions input={suggestions.input} /> : null}
        <button className={styles.submit} type="submit" aria-label="Search">
          <SearchIcon size={variant === 'overlay' ? 24 : 18} />
        </button>
      </div>
    </form>
  );
}
