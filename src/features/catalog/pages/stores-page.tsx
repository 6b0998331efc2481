import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { BUSINESS_SORTS } from '../../../../shared/api/catalog-businesses';
import { BUSINESS_KINDS } from '../../../../shared/api/catalog-values';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageTitle } from '../../../components/page-title';
import { useBusinessCategoriesQuery, useBusinessesQuery } from '../catalog-api';
import { BusinessCard, CardGrid, CardsSkeleton } from '../components/cards';
import { Pager, usePageParam } from '../components/pager';
import '../catalog.css';

const PER_PAGE = 24;

/** `/stores` and `/stores/category/:id`: every filter lives in the URL, so a link or reload shows the same list. */
export default function StoresPage() {
  const intl = useIntl();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const page = usePageParam();
  const kind = params.get('kind') ?? '';
  const sort = params.get('sort') ?? 'popular';
  const categoryId = id ?? params.get('category_id') ?? '';
  const { data: categories } = useBusinessCategoriesQuery(kind || undefined);
  const { data, isFetching, error } = useBusinessesQuery({ page, per_page: PER_PAGE, kind, sort, category_id: categoryId });
  const category = categories?.find((c) => String(c.id) === categoryId);

  const setParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete('page');
    setParams(next);
  };

  return (
    <div>
      {category ? <PageTitle id="catalog.ui.stores.categoryTitle" values={{ name: category.name }} /> : <PageTitle id="catalog.ui.stores.title" />}
      <div className="cat-filters">
        <label>
          {intl.formatMessage({ id: 'catalog.ui.filter.kind' })}
          <select value={kind} onChange={(event) => setParam('kind', event.target.value)}>
            <option value="">{intl.formatMessage({ id: 'catalog.ui.filter.any' })}</option>
            {BUSINESS_KINDS.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: `catalog.ui.kind.${value}` })}
              </option>
            ))}
          </select>
        </label>
        {!id && (
          <label>
            {intl.formatMessage({ id: 'catalog.ui.filter.category' })}
            <select value={categoryId} onChange={(event) => setParam('category_id', event.target.value)}>
              <option value="">{intl.formatMessage({ id: 'catalog.ui.filter.any' })}</option>
              {categories?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.businesses_count})
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {intl.formatMessage({ id: 'catalog.ui.filter.sort' })}
          <select value={sort} onChange={(event) => setParam('sort', event.target.value === 'popular' ? '' : event.target.value)}>
            {BUSINESS_SORTS.map((value) => (
              <option key={value} value={value}>
                {intl.formatMessage({ id: `catalog.ui.sort.${value}` })}
              </option>
            ))}
          </select>
        </label>
        {id && <Link to="/stores">{intl.formatMessage({ id: 'catalog.ui.stores.all' })}</Link>}
      </div>
      <ApiErrorText error={error} />
      {isFetching || !data ? (
        !error && <CardsSkeleton ratio={16 / 9} />
      ) : data.data.length === 0 ? (
        <p>{intl.formatMessage({ id: 'catalog.ui.empty' })}</p>
      ) : (
        <>
          <CardGrid items={data.data} render={(business) => <BusinessCard business={business} />} />
          <Pager meta={data.meta} />
        </>
      )}
    </div>
  );
}
