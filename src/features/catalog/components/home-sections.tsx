import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useBannersQuery, useBusinessesQuery, useProductsQuery } from '../catalog-api';
import { useHomePromotedQuery } from '../home-api';
import { businessStripArgs, productStripArgs } from '../screen-args';
import { InTurn } from '../../../components/in-turn';
import { AdCard, BusinessCard, CardGrid, CardsSkeleton, ProductCard } from './cards';
import { ImageBox } from './image-box';
import '../catalog.css';

export function HomeBanners() {
  const intl = useIntl();
  const { data, isLoading } = useBannersQuery('home');
  if (isLoading) return <div className="cat-banners skeleton" style={{ aspectRatio: '3 / 1' }} />;
  if (!data?.length) return null;
  return (
    <section className="cat-banners" aria-label={intl.formatMessage({ id: 'catalog.ui.home.banners' })}>
      {data.map((banner) => (
        <Link key={banner.id} to={banner.link} className="cat-banner" style={{ background: banner.background }}>
          <ImageBox image={banner.image} alt="" ratio={3} sizes="(max-width: 800px) 100vw, 800px" eager />
          <span className="cat-banner-text">
            <strong>{banner.title}</strong>
            <span>{banner.subtitle}</span>
          </span>
        </Link>
      ))}
    </section>
  );
}

/** A titled section with a "more" link; skeletons while it loads, nothing at all when the list is empty. */
function Strip({ titleId, more, loading, empty, children }: { titleId: string; more?: string; loading: boolean; empty: boolean; children: ReactNode }) {
  const intl = useIntl();
  if (!loading && empty) return null;
  return (
    <section className="cat-section" data-testid="strip">
      <div className="cat-section-head">
        <h2>{intl.formatMessage({ id: titleId })}</h2>
        {more && <Link to={more}>{intl.formatMessage({ id: 'catalog.ui.more' })}</Link>}
      </div>
      {children}
    </section>
  );
}

interface ProductStripProps {
  titleId: string;
  list: 'all' | 'popular' | 'discounted';
  params?: Record<string, string | number>;
  more?: string;
  /** A product the page already shows in full (not offered again beside itself). */
  exclude?: number;
  /** The strip starts on the first screen: its first row's pictures load at once, first (a phone shows two a row). */
  priority?: boolean;
}

/** A strip of products from one of the product lists. */
const FIRST_ROW_ON_A_PHONE = 2;

export function ProductStrip({ titleId, list, params = {}, more, exclude, priority }: ProductStripProps) {
  const { data, isLoading } = useProductsQuery(productStripArgs(list, params));
  const items = (data?.data ?? []).filter((product) => product.id !== exclude);
  return (
    <Strip titleId={titleId} more={more} loading={isLoading} empty={!items.length}>
      {isLoading || !data ? <CardsSkeleton count={4} /> : <CardGrid items={items} render={(product, index) => <ProductCard product={product} priority={priority && index < FIRST_ROW_ON_A_PHONE} />} />}
    </Strip>
  );
}

export function BusinessStrip({ titleId, params = {}, more }: { titleId: string; params?: Record<string, string | number>; more?: string }) {
  const { data, isLoading } = useBusinessesQuery(businessStripArgs(params));
  return (
    <Strip titleId={titleId} more={more} loading={isLoading} empty={!data?.data.length}>
      {isLoading || !data ? <CardsSkeleton count={4} ratio={16 / 9} /> : <CardGrid items={data.data} render={(business) => <BusinessCard business={business} />} />}
    </Strip>
  );
}

/** Items sellers promote onto the home page (a plan with the `home_carousel` perk); nothing when there are none. */
export function PromotedStrip() {
  const { data } = useHomePromotedQuery();
  const items = [...(data?.products ?? []).map((product) => ({ id: product.id, card: <ProductCard product={product} /> })), ...(data?.ads ?? []).map((ad) => ({ id: -ad.id, card: <AdCard ad={ad} /> }))];
  return (
    <Strip titleId="promotion.ui.homeStrip" loading={false} empty={!items.length}>
      <div data-testid="home-promoted">
        <CardGrid items={items} render={(item) => item.card} />
      </div>
    </Strip>
  );
}

/** Where a strip below the first screen waits for its turn to be drawn (as .cat-section's intrinsic size). */
export const STRIP_RESERVE = '640px';

/** What /home shows from the catalogue: the first screen's strips at once, the ones below it in turn. */
export function HomeCatalogSections() {
  return (
    <>
      <HomeBanners />
      <PromotedStrip />
      <ProductStrip titleId="catalog.ui.home.popular" list="popular" more="/page/WhatToBuy" priority />
      <InTurn reserve={STRIP_RESERVE}>
        <ProductStrip titleId="catalog.ui.home.discounted" list="discounted" more="/search?discounted=1" />
      </InTurn>
      <InTurn reserve={STRIP_RESERVE}>
        <BusinessStrip titleId="catalog.ui.home.businesses" more="/stores" />
      </InTurn>
    </>
  );
}
