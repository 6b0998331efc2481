import { usePageImpression } from '../../../components/use-impressions';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { MissingOrFailed, useRouteId } from '../../../components/missing-or-failed';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { StartChatButton } from '../../../components/chat/start-chat-button';
import { AddToCart } from '../../../components/cart/add-to-cart';
import { useDeleteProductMutation, useProductQuery } from '../catalog-api';
import { FavoriteButton } from '../components/favorite-button';
import { ImageGallery } from '../components/image-gallery';
import { ModerationNote } from '../components/moderation-note';
import { OwnerActions } from '../components/owner-actions';
import { Price } from '../components/price';
import { InTurn } from '../../../components/in-turn';
import { ProductStrip, STRIP_RESERVE } from '../components/home-sections';
import '../catalog.css';

/** `/products/:id`: a product or service with its pictures, price and business. */
export default function ProductPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const id = useRouteId();
  const { data: product, error, isLoading } = useProductQuery(id ?? 0, { skip: id === null });
  const [remove, removal] = useDeleteProductMutation();
  usePageImpression('product', product?.id);

  if (isLoading) return <PageLoading />;
  if (!product) return <MissingOrFailed error={error} />;

  return (
    <div>
      <div className="cat-detail">
        <ImageGallery images={product.images} fallback={product.image} alt={product.name} />
        <div>
          <PageTitle id="catalog.ui.plain" values={{ text: product.name }} />
          <p className="cat-muted">
            {intl.formatMessage({ id: `catalog.ui.productKind.${product.kind}` })}
            {product.category && ` · ${product.category.name}`}
            {product.status !== 'published' && ` · ${intl.formatMessage({ id: `catalog.ui.status.${product.status}` })}`}
          </p>
          <p style={{ fontSize: '1.4rem' }}>
            <Price price={product.price} finalPrice={product.final_price} currency={product.currency} />
            {product.discount_percent > 0 && <span className="cat-badge"> −{product.discount_percent}%</span>}
          </p>
          <p className="cat-muted" data-testid="product-rating">
            {product.rating_count > 0
              ? intl.formatMessage({ id: 'catalog.ui.product.rating' }, { rating: intl.formatNumber(product.rating, { maximumFractionDigits: 1 }), count: product.rating_count })
              : intl.formatMessage({ id: 'catalog.ui.product.notRated' })}
          </p>
          {product.stock !== null && <p>{intl.formatMessage({ id: 'catalog.ui.product.stock' }, { count: product.stock })}</p>}
          {product.duration_minutes !== null && <p>{intl.formatMessage({ id: 'catalog.ui.product.duration' }, { minutes: product.duration_minutes })}</p>}
          <ModerationNote mark={product.moderation} editTo={`/create/${product.kind}?edit=${product.id}`} />
          {!product.can_edit && product.status === 'published' && <AddToCart product={product} />}
          <div className="cat-actions">
            <FavoriteButton type="product" id={product.id} active={product.is_favorite} name={product.name} inline />
            <span className="cat-muted">{intl.formatMessage({ id: 'catalog.ui.favorite.count' }, { count: product.favorites_count })}</span>
            {!product.can_edit && <StartChatButton recipientId={product.business.owner_id} subject={{ type: 'product', id: product.id }} />}
            {product.can_edit && (
              <OwnerActions
                editTo={`/create/${product.kind}?edit=${product.id}`}
                promoteTo={product.status === 'published' ? `/profile/seller/promotion/plan?product=${product.id}` : undefined}
                remove={() => remove(product.id)}
                busy={removal.isLoading}
                onDeleted={() => navigate(`/stores/${product.business.id}`)}
              />
            )}
          </div>
          <ApiErrorText error={removal.error} />
          <p>
            <Link to={`/stores/${product.business.id}`} data-testid="product-business">
              {product.business.name}
            </Link>
            <span className="cat-muted"> · {product.business.address}</span>
          </p>
          {product.description && <p style={{ whiteSpace: 'pre-line' }}>{product.description}</p>}
        </div>
      </div>
      {/* Below the product: asked and drawn after the product itself is on screen. */}
      <InTurn reserve={STRIP_RESERVE}>
        <ProductStrip titleId="catalog.ui.product.more" list="all" params={{ business_id: product.business.id }} more={`/stores/${product.business.id}`} exclude={product.id} />
      </InTurn>
    </div>
  );
}
