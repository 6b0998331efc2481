import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AdSummary } from '../../../../shared/api/catalog-ads';
import type { BusinessSummary } from '../../../../shared/api/catalog-businesses';
import type { ProductSummary } from '../../../../shared/api/catalog-products';
import { AddToCart } from '../../../components/cart/add-to-cart';
import { useListImpression } from '../../../components/use-impressions';
import { FavoriteButton } from './favorite-button';
import { ImageBox } from './image-box';
import { ModerationNote } from './moderation-note';
import { useMoney } from '../../../components/money';
import { Price } from './price';

/** `priority`: the card is on the first screen of the page, and its picture may be the largest thing there. */
/** A promoted card's class: a plan with the `highlight` perk draws it highlighted (issue 16). */
const cardClass = (item: { highlighted: boolean }) => (item.highlighted ? 'cat-card is-highlighted' : 'cat-card');

/** The "Promoted" mark of an item raised by a paid plan, so a buyer knows why it is first. */
function PromotedMark({ promoted }: { promoted: boolean }) {
  const intl = useIntl();
  if (!promoted) return null;
  return (
    <span className="cat-promoted" data-testid="promoted-mark">
      {intl.formatMessage({ id: 'promotion.ui.promoted' })}
    </span>
  );
}

export function ProductCard({ product, priority }: { product: ProductSummary; priority?: boolean }) {
  const intl = useIntl();
  const seen = useListImpression('product', product.id);
  return (
    <article className={cardClass(product)} data-testid="product-card" data-promoted={product.promoted || undefined} ref={seen}>
      <Link to={`/products/${product.id}`} className="cat-card-link">
        <ImageBox image={product.image} alt="" priority={priority} />
        <h3 className="cat-card-title">{product.name}</h3>
      </Link>
      <PromotedMark promoted={product.promoted} />
      <Price price={product.price} finalPrice={product.final_price} currency={product.currency} />
      {product.discount_percent > 0 && <span className="cat-badge">−{product.discount_percent}%</span>}
      <p className="cat-muted">
        {product.business.name}
        {product.rating_count > 0 && ` · ★ ${intl.formatNumber(product.rating, { maximumFractionDigits: 1 })}`}
      </p>
      <ModerationNote mark={product.moderation} />
      <FavoriteButton type="product" id={product.id} active={product.is_favorite} name={product.name} />
      {product.status === 'published' && <AddToCart product={product} compact />}
    </article>
  );
}

export function BusinessCard({ business }: { business: BusinessSummary }) {
  const intl = useIntl();
  const seen = useListImpression('business', business.id);
  return (
    <article className="cat-card" data-testid="business-card" ref={seen}>
      <Link to={`/stores/${business.id}`} className="cat-card-link">
        <ImageBox image={business.cover ?? business.logo} alt="" ratio={16 / 9} />
        <h3 className="cat-card-title">{business.name}</h3>
      </Link>
      <p className="cat-muted">
        {intl.formatMessage({ id: `catalog.ui.kind.${business.kind}` })}
        {business.category && ` · ${business.category.name}`}
        {business.rating_count > 0 && ` · ★ ${intl.formatNumber(business.rating, { maximumFractionDigits: 1 })}`}
      </p>
      <p className="cat-muted">{business.address}</p>
      <ModerationNote mark={business.moderation} />
      <FavoriteButton type="business" id={business.id} active={business.is_favorite} name={business.name} />
    </article>
  );
}

export function AdCard({ ad }: { ad: AdSummary }) {
  const intl = useIntl();
  const money = useMoney();
  const seen = useListImpression('ad', ad.id);
  return (
    <article className={cardClass(ad)} data-testid="ad-card" data-promoted={ad.promoted || undefined} ref={seen}>
      <Link to={`/ads/${ad.id}`} className="cat-card-link">
        <ImageBox image={ad.image} alt="" />
        <h3 className="cat-card-title">{ad.title}</h3>
      </Link>
      <PromotedMark promoted={ad.promoted} />
      <span className="cat-price">
        <strong>{ad.price === null ? intl.formatMessage({ id: 'catalog.ui.price.onRequest' }) : money(ad.price, ad.currency)}</strong>
      </span>
      <p className="cat-muted">{ad.location}</p>
      <ModerationNote mark={ad.moderation} />
      <FavoriteButton type="ad" id={ad.id} active={ad.is_favorite} name={ad.title} />
    </article>
  );
}

/** Placeholders of the same size as the cards, so the grid does not jump when they arrive. */
export function CardsSkeleton({ count = 8, ratio = 4 / 3 }: { count?: number; ratio?: number }) {
  const intl = useIntl();
  return (
    <ul className="cat-grid" aria-busy="true" aria-label={intl.formatMessage({ id: 'common.loading' })}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="cat-card">
          <div className="skeleton" style={{ aspectRatio: String(ratio) }} />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
        </li>
      ))}
    </ul>
  );
}

export function CardGrid<T extends { id: number }>({ items, render }: { items: T[]; render: (item: T, index: number) => React.ReactNode }) {
  return (
    <ul className="cat-grid">
      {items.map((item, index) => (
        <li key={item.id}>{render(item, index)}</li>
      ))}
    </ul>
  );
}
