import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { useDeleteProductMutation, useProductQuery } from '../catalog-api';
import { FavoriteButton } from '../components/favorite-button';
import { ImageBox } from '../components/image-box';
import { Price } from '../components/price';
import { ProductStrip } from '../components/home-sections';
import '../catalog.css';

/** `/products/:id`: a product or service with its pictures, price and business. */
export default function ProductPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const { data: product, error, isLoading } = useProductQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  const [remove, removal] = useDeleteProductMutation();
  const [shown, setShown] = useState(0);

  if (isLoading) return <PageLoading />;
  if (!product) return <ApiErrorText error={error ?? { data: { message: intl.formatMessage({ id: 'catalog.ui.notFound' }) } }} />;
  const image = product.images[shown] ?? product.image;

  return (
    <div>
      <div className="cat-detail">
        <div>
          <ImageBox image={image} alt={product.name} ratio={1} sizes="(max-width: 800px) 100vw, 600px" eager />
          {product.images.length > 1 && (
            <ul className="cat-thumbs">
              {product.images.map((picture, index) => (
                <li key={picture.id}>
                  <button type="button" className="button" style={{ padding: 0 }} aria-pressed={index === shown} onClick={() => setShown(index)}>
                    <ImageBox image={picture} alt={intl.formatMessage({ id: 'catalog.ui.product.picture' }, { n: index + 1 })} ratio={1} sizes="80px" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
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
          {product.stock !== null && <p>{intl.formatMessage({ id: 'catalog.ui.product.stock' }, { count: product.stock })}</p>}
          {product.duration_minutes !== null && <p>{intl.formatMessage({ id: 'catalog.ui.product.duration' }, { minutes: product.duration_minutes })}</p>}
          <div className="cat-actions">
            <FavoriteButton type="product" id={product.id} active={product.is_favorite} name={product.name} inline />
            <span className="cat-muted">{intl.formatMessage({ id: 'catalog.ui.favorite.count' }, { count: product.favorites_count })}</span>
            {product.can_edit && (
              <>
                <Link className="button" to={`/create/${product.kind}?edit=${product.id}`}>
                  {intl.formatMessage({ id: 'catalog.ui.edit' })}
                </Link>
                <button
                  type="button"
                  className="button"
                  disabled={removal.isLoading}
                  onClick={async () => {
                    if (!window.confirm(intl.formatMessage({ id: 'catalog.ui.confirmDelete' }))) return;
                    const result = await remove(product.id);
                    if (!('error' in result)) navigate(`/stores/${product.business.id}`);
                  }}
                >
                  {intl.formatMessage({ id: 'catalog.ui.delete' })}
                </button>
              </>
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
      <ProductStrip titleId="catalog.ui.product.more" list="all" params={{ business_id: product.business.id }} more={`/stores/${product.business.id}`} />
    </div>
  );
}
