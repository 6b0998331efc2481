import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Suggestion } from '../../../../shared/api/catalog-search';
import { useSearchSuggestionsQuery } from '../catalog-api';
import '../catalog.css';

const DEBOUNCE_MS = 250;
const MIN_LENGTH = 2;

/** The href of a suggestion's own page. */
export function suggestionPath(suggestion: Suggestion): string {
  if (suggestion.type === 'business') return `/stores/${suggestion.id}`;
  if (suggestion.type === 'ad') return `/ads/${suggestion.id}`;
  return `/products/${suggestion.id}`;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Combobox behaviour for a search input (ARIA 1.2 pattern): the caller spreads
 * `inputProps` on its input and renders `list` right after it.
 */
export function useSearchSuggestions(query: string, onPick: (suggestion: Suggestion) => void) {
  const intl = useIntl();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(query.trim(), DEBOUNCE_MS);
  const { data } = useSearchSuggestionsQuery(q, { skip: q.length < MIN_LENGTH });
  const items = q.length >= MIN_LENGTH && query.trim().length >= MIN_LENGTH ? (data ?? []) : [];
  const expanded = open && items.length > 0;
  useEffect(() => setActive(-1), [q]);

  const pick = (suggestion: Suggestion) => {
    setOpen(false);
    onPick(suggestion);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && items.length) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % items.length);
    } else if (event.key === 'ArrowUp' && items.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? items.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      pick(items[active]);
    }
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return {
    close: () => setOpen(false),
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': expanded && active >= 0 ? optionId(active) : undefined,
      onKeyDown,
      onFocus: () => setOpen(true),
      onInput: () => setOpen(true),
      // A click on an option lands before the blur hides the list.
      onBlur: () => setTimeout(() => setOpen(false), 150),
    },
    list: (
      <ul id={listId} role="listbox" className="cat-suggest-list" hidden={!expanded} aria-label={intl.formatMessage({ id: 'catalog.ui.search.suggestions' })}>
        {items.map((suggestion, index) => (
          <li
            key={`${suggestion.type}-${suggestion.id}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
          >
            <span>{suggestion.text}</span>
            <span className="cat-muted">{intl.formatMessage({ id: `catalog.ui.searchType.${suggestion.type}` })}</span>
          </li>
        ))}
      </ul>
    ),
  };
}
