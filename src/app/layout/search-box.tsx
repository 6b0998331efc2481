import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';

export function SearchBox() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <form className="search-box" role="search" onSubmit={submit}>
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
      />
      <button type="submit">{intl.formatMessage({ id: 'header.search.submit' })}</button>
    </form>
  );
}
