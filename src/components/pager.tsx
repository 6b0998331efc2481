import { useIntl } from 'react-intl';
import { Link, useLocation, useSearchParams } from 'react-router';
import type { PageMeta } from '../../shared/api/envelope';
import { pageParamOf } from '../../shared/search-args';
import './pager.css';

/** Previous / next links that keep every other parameter of the URL, so each page has its own address. */
export function Pager({ meta }: { meta: PageMeta }) {
  const intl = useIntl();
  const [params] = useSearchParams();
  const location = useLocation();
  if (meta.last_page <= 1) return null;
  const href = (page: number) => {
    const next = new URLSearchParams(params);
    if (page === 1) next.delete('page');
    else next.set('page', String(page));
    const query = next.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <nav className="cat-pager" aria-label={intl.formatMessage({ id: 'catalog.ui.pager.label' })}>
      {meta.current_page > 1 && (
        <Link to={href(meta.current_page - 1)} rel="prev">
          {intl.formatMessage({ id: 'catalog.ui.pager.prev' })}
        </Link>
      )}
      <span>{intl.formatMessage({ id: 'catalog.ui.pager.status' }, { page: meta.current_page, pages: meta.last_page })}</span>
      {meta.current_page < meta.last_page && (
        <Link to={href(meta.current_page + 1)} rel="next">
          {intl.formatMessage({ id: 'catalog.ui.pager.next' })}
        </Link>
      )}
    </nav>
  );
}

/** The page number of the URL (1 when absent or nonsense). */
export function usePageParam(): number {
  const [params] = useSearchParams();
  return pageParamOf(params);
}
