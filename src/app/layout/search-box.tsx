import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { suggestionPath, useSearchSuggestions } from '../../features/catalog/components/search-suggestions';

export function SearchBox() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const suggestions = useSearchSuggestions(query, (suggestion) => navigate(suggestionPath(suggestion)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    suggestions.close();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <form className="search-box cat-suggest" role="search" onSubmit={submit}>
      <label htmlFor="header-search" className="visually-hidden">
        {intl.formatMessage({ id: 'header.search.label' })}
      </label>
      <input
        id="header-search"
        type="search"
        value={query}
        maxLength={200}
        placeholder={intl.formatMessage({ id: 'header.search.placeholder' })}
        onChange={(event) => setQuery(event.target.value)}
        {...suggestions.inputProps}
      />
      {suggestions.list}
      <button type="submit">{intl.formatMessage({ id: 'header.search.submit' })}</button>
    </form>
  );
}
