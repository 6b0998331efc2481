import { useIntl } from 'react-intl';
import { Link, useParams, useSearchParams } from 'react-router';
import { BUSINESS_KINDS, BUSINESS_SORTS } from '../../../../shared/api/catalog-values';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageTitle } from '../../../components/page-title';
import { useBusinessCategoriesQuery, useBusinessesQuery } from '../catalog-api';
import { EnumOptions } from '../components/enum-options';
import { BusinessCard, CardGrid, CardsSkeleton } from '../components/cards';
import { FilterSelect } from '../components/filter-select';
import { Pager, usePageParam } from '../../../components/pager';
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
        <FilterSelect labelId="catalog.ui.filter.kind" value={kind} onChange={(value) => setParam('kind', value)}>
          <option value="">{intl.formatMessage({ id: 'catalog.ui.filter.any' })}</option>
          <EnumOptions values={BUSINESS_KINDS} prefix="catalog.ui.kind" />
        </FilterSelect>
        {!id && (
          <FilterSelect labelId="catalog.ui.filter.category" value={categoryId} onChange={(value) => setParam('category_id', value)}>
            <option value="">{intl.formatMessage({ id: 'catalog.ui.filter.any' })}</option>
            {categories?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.businesses_count})
              </option>
            ))}
          </FilterSelect>
        )}
        <FilterSelect labelId="catalog.ui.filter.sort" value={sort} onChange={(value) => setParam('sort', value === 'popular' ? '' : value)}>
          <EnumOptions values={BUSINESS_SORTS} prefix="catalog.ui.sort" />
        </FilterSelect>
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
