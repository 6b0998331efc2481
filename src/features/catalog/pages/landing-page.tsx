import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { BusinessKind } from '../../../../shared/api/catalog-values';
import { PageTitle } from '../../../components/page-title';
import { useBusinessCategoriesQuery } from '../catalog-api';
import { BusinessStrip, ProductStrip } from '../components/home-sections';
import '../catalog.css';

const KIND_OF: Record<string, BusinessKind | undefined> = {
  '/page/stores': 'store',
  '/page/services': 'service',
  '/page/restaurants': 'restaurant',
};

function CategoryChips({ kind }: { kind: BusinessKind }) {
  const { data } = useBusinessCategoriesQuery(kind);
  if (!data?.length) return null;
  return (
    <ul className="cat-chips">
      {data.map((category) => (
        <li key={category.id}>
          <Link className="cat-chip" to={`/stores/category/${category.id}`}>
            {category.name} ({category.businesses_count})
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** `/page/stores`, `/page/services`, `/page/restaurants` and `/page/WhatToBuy`: curated strips from the list calls. */
export default function LandingPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const kind = KIND_OF[pathname.replace(/\/$/, '')];
  if (!kind) {
    return (
      <div>
        <PageTitle id="catalog.ui.landing.whatToBuy" />
        <ProductStrip titleId="catalog.ui.home.popular" list="popular" more="/search?sort=popular" />
        <ProductStrip titleId="catalog.ui.home.discounted" list="discounted" more="/search?discounted=1" />
        <ProductStrip titleId="catalog.ui.landing.newest" list="all" more="/search?sort=newest" />
        <BusinessStrip titleId="catalog.ui.home.businesses" more="/stores" />
      </div>
    );
  }
  return (
    <div>
      <PageTitle id={`catalog.ui.landing.${kind}`} />
      <CategoryChips kind={kind} />
      <BusinessStrip titleId="catalog.ui.landing.top" params={{ kind }} more={`/stores?kind=${kind}`} />
      <ProductStrip titleId="catalog.ui.home.popular" list="popular" params={{ business_kind: kind }} />
      <ProductStrip titleId="catalog.ui.home.discounted" list="discounted" params={{ business_kind: kind }} />
      <p>
        <Link to={`/stores?kind=${kind}`}>{intl.formatMessage({ id: 'catalog.ui.landing.all' })}</Link>
      </p>
    </div>
  );
}
