import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { SearchHit } from '../../../../shared/api/catalog-search';
import { SEARCH_SORTS, SEARCH_TYPES } from '../../../../shared/api/catalog-values';
import { searchArgsOf } from '../../../../shared/search-args';
import { hasSearchWords } from '../../../../shared/validation/search-text';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageTitle } from '../../../components/page-title';
import { useSearchQuery } from '../catalog-api';
import { EnumOptions } from '../components/enum-options';
import { AdCard, BusinessCard, CardsSkeleton, ProductCard } from '../components/cards';
import { FilterSelect } from '../components/filter-select';
import { Pager } from '../../../components/pager';
import { RadioFacet } from '../components/radio-facet';
import '../catalog.css';
import { useMediaQuery } from '../../../components/use-media-query';

/** Where the catalogue's layout puts the filters in a column of their own (catalog.css, .cat-layout). */
const WIDE_LAYOUT = '(min-width: 801px)';

/** Prices in the URL are in major units (what a person types); the API takes minor units. */
/** A phone shows two hits a row. */
const FIRST_ROW_ON_A_PHONE = 2;

/** `priority`: the hit is in the first row, whose picture may be the largest thing on a phone's first screen. */
function Hit({ hit, priority }: { hit: SearchHit; priority: boolean }) {
  if (hit.product) return <ProductCard product={hit.product} priority={priority} />;
  if (hit.business) return <BusinessCard business={hit.business} />;
  if (hit.ad) return <AdCard ad={hit.ad} />;
  return null;
}

/** `/search?q=…`: results with facets; every choice is a URL parameter. */
export default function SearchPage() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const types = (params.get('type') ?? '').split(',').filter((t) => (SEARCH_TYPES as readonly string[]).includes(t));
  const { data, isFetching, error } = useSearchQuery(searchArgsOf(params));
  const [priceMin, setPriceMin] = useState(params.get('price_min') ?? '');
  const [priceMax, setPriceMax] = useState(params.get('price_max') ?? '');
  useEffect(() => {
    setPriceMin(params.get('price_min') ?? '');
    setPriceMax(params.get('price_max') ?? '');
  }, [params]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    setParams(next);
  };
  const toggleType = (type: string) => update({ type: (types.includes(type) ? types.filter((t) => t !== type) : [...types, type]).join(',') });
  const applyPrice = (event: FormEvent) => {
    event.preventDefault();
    update({ price_min: priceMin.trim(), price_max: priceMax.trim() });
  };
  const facets = data?.meta.facets;
  const wide = useMediaQuery(WIDE_LAYOUT);
  const money = (minor: number | null) => (minor === null ? '' : String(Math.floor(minor / 100)));

  return (
    <div>
      <PageTitle id={q ? 'catalog.ui.search.titleFor' : 'catalog.ui.search.title'} values={{ q }} />
      <div className="cat-layout">
        <aside className="cat-facets" aria-label={intl.formatMessage({ id: 'catalog.ui.search.filters' })}>
          {/* On a phone the filters fold away above the results (which come first); on a wide screen they are a column, always open. */}
          <details className="cat-facets-panel" open={wide}>
            <summary className="button">{intl.formatMessage({ id: 'catalog.ui.search.filters' })}</summary>
            <div className="cat-facets-body">
              <fieldset>
                <legend>{intl.formatMessage({ id: 'catalog.ui.filter.kind' })}</legend>
                {(facets?.types ?? SEARCH_TYPES.map((value) => ({ value, count: 0 }))).map(({ value, count }) => (
                  <label key={value} className="cat-facet">
                    <span>
                      <input type="checkbox" checked={types.includes(value)} onChange={() => toggleType(value)} /> {intl.formatMessage({ id: `catalog.ui.searchType.${value}` })}
                    </span>
                    <span className="cat-muted">{count}</span>
                  </label>
                ))}
              </fieldset>
              <RadioFacet
                legendId="catalog.ui.filter.category"
                param="category_id"
                options={(facets?.categories ?? []).map(({ id, name, count }) => ({ value: id, label: name, count }))}
                current={params.get('category_id') ?? ''}
                onChange={(value) => update({ category_id: value })}
              />
              <RadioFacet
                legendId="catalog.ui.filter.adCategory"
                param="ad_category_id"
                options={(facets?.ad_categories ?? []).map(({ id, name, count }) => ({ value: id, label: name, count }))}
                current={params.get('ad_category_id') ?? ''}
                onChange={(value) => update({ ad_category_id: value })}
              />
              <form onSubmit={applyPrice}>
                <fieldset>
                  <legend>{intl.formatMessage({ id: 'catalog.ui.filter.price' })}</legend>
                  <label htmlFor="search-price-min">{intl.formatMessage({ id: 'catalog.ui.filter.priceMin' })}</label>
                  <input id="search-price-min" inputMode="numeric" value={priceMin} placeholder={money(facets?.price.min ?? null)} onChange={(event) => setPriceMin(event.target.value)} />
                  <label htmlFor="search-price-max">{intl.formatMessage({ id: 'catalog.ui.filter.priceMax' })}</label>
                  <input id="search-price-max" inputMode="numeric" value={priceMax} placeholder={money(facets?.price.max ?? null)} onChange={(event) => setPriceMax(event.target.value)} />
                  <button type="submit" className="button">
                    {intl.formatMessage({ id: 'catalog.ui.filter.apply' })}
                  </button>
                </fieldset>
              </form>
              <label className="cat-facet">
                <span>
                  <input type="checkbox" checked={params.get('discounted') === '1'} onChange={(event) => update({ discounted: event.target.checked ? '1' : null })} />{' '}
                  {intl.formatMessage({ id: 'catalog.ui.filter.discounted' })}
                </span>
                <span className="cat-muted">{facets?.discounted ?? ''}</span>
              </label>
              <RadioFacet
                legendId="catalog.ui.filter.rating"
                param="rating_min"
                options={(facets?.ratings ?? []).map(({ min, count }) => ({ value: min, label: intl.formatMessage({ id: 'catalog.ui.filter.ratingMin' }, { min }), count }))}
                current={params.get('rating_min') ?? ''}
                onChange={(value) => update({ rating_min: value })}
              />
            </div>
          </details>
        </aside>
        <div>
          <div className="cat-filters">
            <FilterSelect labelId="catalog.ui.filter.sort" value={params.get('sort') ?? 'relevance'} onChange={(value) => update({ sort: value === 'relevance' ? null : value })}>
              <EnumOptions values={SEARCH_SORTS} prefix="catalog.ui.sort" />
            </FilterSelect>
            {data && (
              <p role="status" className="cat-muted" data-testid="search-total">
                {intl.formatMessage({ id: 'catalog.ui.search.total' }, { count: data.meta.total })}
              </p>
            )}
          </div>
          <ApiErrorText error={error} />
          {isFetching || !data ? (
            !error && <CardsSkeleton />
          ) : data.data.length === 0 ? (
            // Only punctuation or emoji is not "nothing found": there was nothing to look for, and the words say so.
            <p data-testid="search-empty">{intl.formatMessage({ id: q && !hasSearchWords(q) ? 'catalog.ui.search.noWords' : 'catalog.ui.search.nothing' })}</p>
          ) : (
            <>
              <ul className="cat-grid" data-testid="search-results">
                {data.data.map((hit, index) => (
                  <li key={`${hit.type}-${hit.id}`}>
                    <Hit hit={hit} priority={index < FIRST_ROW_ON_A_PHONE} />
                  </li>
                ))}
              </ul>
              <Pager meta={data.meta} />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
