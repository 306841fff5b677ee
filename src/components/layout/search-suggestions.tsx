'use client';
/**
 * Suggestions while typing in the header search (issue 33): the ARIA 1.2 combobox pattern (an input with
 * a listbox popup, the active option named by aria-activedescendant so focus stays in the box). When the
 * plain search box is first focused, search-form.tsx loads this module, which makes that same input the
 * combobox (no element is swapped, so typing and focus are never interrupted): no page carries its weight
 * before. A few courses with their next date, the families and solutions whose
 * title matches, a "did you mean" and "See all results". Arrows move through the options, Enter opens the
 * active one (or, with none, sends the form to /search as before), Escape closes the list.
 * Hand-written rather than react-aria's ComboBox (record 038): that one hides the rest of the page with
 * aria-hidden while its list is open, leaving the header's links focusable inside hidden content.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { SuggestionsAnswer } from '../../lib/search/search-suggestions';
import styles from './search-suggestions.module.css';
import { href } from '../../lib/site-routes';

/** A pause in typing this long asks for suggestions (not every keystroke). */
const PAUSE_MS = 150;

type Option = { key: string; title: string; href: string; detail?: string; action?: boolean };

function optionsFor(q: string, answer: SuggestionsAnswer | undefined): Option[] {
  if (!q) return [];
  const current = answer && answer.q === q ? answer : undefined;
  return [
    ...(current?.correction
      ? [
          {
            key: 'correction',
            title: `Did you mean “${current.correction}”?`,
            href: href('/search', { query: { q: current.correction } }),
            action: true,
          },
        ]
      : []),
    ...(current?.suggestions ?? []).map((suggestion) => ({ key: suggestion.href, ...suggestion })),
    {
      key: 'all',
      title: current ? `See all ${current.total} results for “${q}”` : `See all results for “${q}”`,
      href: href('/search', { query: { q } }),
      action: true,
    },
  ];
}

export function SearchSuggestions({ input }: { input: HTMLInputElement }) {
  const listId = useId();
  const [typed, setTyped] = useState(input.value);
  const [answer, setAnswer] = useState<SuggestionsAnswer | undefined>();
  const [open, setOpen] = useState(document.activeElement === input && input.value.trim() !== '');
  const [active, setActive] = useState(-1);

  const q = typed.replace(/\s+/g, ' ').trim();
  const options = optionsFor(q, answer);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (q.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(href('/search-suggestions', { query: { q } }), { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<SuggestionsAnswer>) : undefined))
        .then((next) => next && setAnswer(next))
        .catch(() => {}); // no suggestions is fine: the form still searches
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  // the box itself stays the page's own input (typing, focus and the form are never interrupted): it is
  // made the combobox of this list here, and given back as a plain search box when this goes
  useEffect(() => {
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listId);
    const onInput = () => {
      setTyped(input.value);
      setOpen(true);
      setActive(-1);
    };
    const onBlur = () => {
      setOpen(false);
      setActive(-1);
    };
    input.addEventListener('input', onInput);
    input.addEventListener('blur', onBlur);
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('blur', onBlur);
      for (const name of ['role', 'aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant'])
        input.removeAttribute(name);
    };
  }, [input, listId]);

  const activeOption = expanded && active >= 0 && active < options.length ? options[active] : undefined;
  useEffect(() => {
    input.setAttribute('aria-expanded', String(expanded));
    if (activeOption) input.setAttribute('aria-activedescendant', optionId(active));
    else input.removeAttribute('aria-activedescendant');
  });

  // the latest state for the key handler, which is attached once
  const keys = useRef({ options, expanded, activeOption });
  keys.current = { options, expanded, activeOption };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const { options, expanded, activeOption } = keys.current;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (options.length === 0) return;
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        if (!expanded) {
          setOpen(true);
          setActive(step > 0 ? 0 : options.length - 1);
          return;
        }
        // past either end the active option is none: the box itself, as typed
        setActive((index) => {
          const next = index + step;
          return next >= options.length ? -1 : next < -1 ? options.length - 1 : next;
        });
      } else if (event.key === 'Escape' && expanded) {
        // closes the list only, not the mobile overlay (a dialog) around the box
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (event.key === 'Enter' && activeOption) {
        event.preventDefault();
        window.location.assign(activeOption.href);
      }
      // Enter with no active option: the form sends the words to /search, as without suggestions
    };
    input.addEventListener('keydown', onKeyDown);
    return () => input.removeEventListener('keydown', onKeyDown);
  }, [input]);

  return (
    <ul id={listId} role="listbox" aria-label="Suggestions" className={styles.popover} hidden={!expanded}>
      {expanded
        ? options.map((option, index) => (
            <li
              key={option.key}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // named by its title, its code and date read as its description
              aria-labelledby={`${optionId(index)}-title`}
              {...(option.detail ? { 'aria-describedby': `${optionId(index)}-detail` } : {})}
              className={`${option.action ? styles.action : styles.option} ${index === active ? styles.active : ''}`}
              // a press on an option must not blur the box first (the list would close under the pointer)
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => window.location.assign(option.href)}
            >
              <span id={`${optionId(index)}-title`} className={styles.title}>
                {option.title}
              </span>
              {option.detail ? (
                <span id={`${optionId(index)}-detail`} className={styles.detail}>
                  {option.detail}
                </span>
              ) : null}
            </li>
          ))
        : null}
    </ul>
  );
}
