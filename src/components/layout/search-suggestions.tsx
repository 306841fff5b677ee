'use client';
/**
 * Suggestions while typing in the header search (issue 33): the ARIA 1.2 combobox pattern (an input with
 * a listbox popup, the active option named by aria-activedescendant so focus stays in the box). It takes
 * the place of the plain search box when the box is first focused (search-form.tsx loads this module then),
 * so no page carries its weight before. A few courses with their next date, the families and solutions whose
 * title matches, a "did you mean" and "See all results". Arrows move through the options, Enter opens the
 * active one (or, with none, sends the form to /search as before), Escape closes the list.
 * Hand-written rather than react-aria's ComboBox (record 036): that one hides the rest of the page with
 * aria-hidden while its list is open, leaving the header's links focusable inside hidden content.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { SuggestionsAnswer } from '../../lib/search/search-suggestions';
import styles from './search-suggestions.module.css';

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
            href: `/search?${new URLSearchParams({ q: current.correction })}`,
            action: true,
          },
        ]
      : []),
    ...(current?.suggestions ?? []).map((suggestion) => ({ key: suggestion.href, ...suggestion })),
    {
      key: 'all',
      title: current ? `See all ${current.total} results for “${q}”` : `See all results for “${q}”`,
      href: `/search?${new URLSearchParams({ q })}`,
      action: true,
    },
  ];
}

export function SearchSuggestions({
  inputId,
  inputClassName,
  initialValue,
  autoFocus,
  inputRef,
}: {
  inputId: string;
  inputClassName: string;
  initialValue: string;
  autoFocus: boolean;
  inputRef?: Ref<HTMLInputElement> | undefined;
}) {
  const listId = useId();
  const [typed, setTyped] = useState(initialValue);
  const [answer, setAnswer] = useState<SuggestionsAnswer | undefined>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ownInput = useRef<HTMLInputElement | null>(null);

  const q = typed.replace(/\s+/g, ' ').trim();
  const options = optionsFor(q, answer);
  const expanded = open && options.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  useEffect(() => {
    if (q.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/search-suggestions?${new URLSearchParams({ q })}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<SuggestionsAnswer>) : undefined))
        .then((next) => next && setAnswer(next))
        .catch(() => {}); // no suggestions is fine: the form still searches
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);

  useEffect(() => {
    // the plain box this replaces had the caret at its end; keep it there
    const input = ownInput.current;
    if (autoFocus && input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
  }, [autoFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
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
      return;
    }
    if (event.key === 'Escape' && expanded) {
      // closes the list only, not the mobile overlay (a dialog) around the box
      event.preventDefault();
      setOpen(false);
      setActive(-1);
      return;
    }
    if (event.key === 'Enter' && expanded && active >= 0 && options[active]) {
      event.preventDefault();
      window.location.assign(options[active].href);
    }
    // Enter with no active option: the form sends the words to /search, as without suggestions
  };

  return (
    <div className={styles.comboBox}>
      <label className="visually-hidden" htmlFor={inputId}>
        Search courses
      </label>
      <input
        id={inputId}
        ref={(element) => {
          ownInput.current = element;
          if (typeof inputRef === 'function') inputRef(element);
          else if (inputRef) inputRef.current = element;
        }}
        className={inputClassName}
        type="text"
        name="q"
        value={typed}
        placeholder="Search..."
        autoComplete="off"
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        {...(expanded && active >= 0 && active < options.length ? { 'aria-activedescendant': optionId(active) } : {})}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
      />
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
    </div>
  );
}
