import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { FAVORITE_TYPES, type FavoriteType } from '../../../../shared/api/catalog-values';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageTitle } from '../../../components/page-title';
import { useFavoritesQuery } from '../catalog-api';
import { AdCard, BusinessCard, CardsSkeleton, ProductCard } from '../components/cards';
import { FavoriteButton } from '../components/favorite-button';
import { Pager, usePageParam } from '../../../components/pager';
import '../catalog.css';
import { personName } from '../../../components/person-name';

/** `/favorites`: what I keep, one tab per type (`?type=`). */
export default function FavoritesPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const page = usePageParam();
  const requested = params.get('type');
  const type: FavoriteType | undefined = (FAVORITE_TYPES as readonly string[]).includes(requested ?? '') ? (requested as FavoriteType) : undefined;
  const { data, isFetching, error } = useFavoritesQuery({ type, page, per_page: 24 });
  return (
    <div>
      <PageTitle id="catalog.ui.favorites.title" />
      <ul className="cat-chips" aria-label={intl.formatMessage({ id: 'catalog.ui.favorites.tabs' })}>
        <li>
          <Link className="cat-chip" to="/favorites" aria-current={type ? undefined : 'page'}>
            {intl.formatMessage({ id: 'catalog.ui.filter.any' })}
          </Link>
        </li>
        {FAVORITE_TYPES.map((value) => (
          <li key={value}>
            <Link className="cat-chip" to={`/favorites?type=${value}`} aria-current={type === value ? 'page' : undefined}>
              {intl.formatMessage({ id: `catalog.ui.favoriteType.${value}` })}
              {data && ` (${data.meta.counts[value]})`}
            </Link>
          </li>
        ))}
      </ul>
      <ApiErrorText error={error} />
      {isFetching && !data ? (
        <CardsSkeleton />
      ) : !data || data.data.length === 0 ? (
        !error && <p>{intl.formatMessage({ id: 'catalog.ui.favorites.empty' })}</p>
      ) : (
        <>
          <ul className="cat-grid" data-testid="favorites">
            {data.data.map((item) => (
              <li key={`${item.type}-${item.id}`}>
                {item.product && <ProductCard product={item.product} />}
                {item.business && <BusinessCard business={item.business} />}
                {item.ad && <AdCard ad={item.ad} />}
                {item.user && (
                  <article className="cat-card">
                    <Link to={`/user/${item.user.id}`}>{personName(intl, item.user.name)}</Link>
                    <FavoriteButton type="user" id={item.user.id} active name={personName(intl, item.user.name)} />
                  </article>
                )}
              </li>
            ))}
          </ul>
          <Pager meta={data.meta} />
        </>
      )}
    </div>
  );
}
