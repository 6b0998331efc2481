import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { useAdQuery, useDeleteAdMutation } from '../catalog-api';
import { FavoriteButton } from '../components/favorite-button';
import { ImageBox } from '../components/image-box';
import { useMoney } from '../components/price';
import '../catalog.css';

/** `/ads/:id`: an offer by a user. */
export default function AdPage() {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const { data: ad, error, isLoading } = useAdQuery(id, { skip: !Number.isInteger(id) || id < 1 });
  const [remove, removal] = useDeleteAdMutation();
  const [shown, setShown] = useState(0);

  if (isLoading) return <PageLoading />;
  if (!ad) return <ApiErrorText error={error ?? { data: { message: intl.formatMessage({ id: 'catalog.ui.notFound' }) } }} />;
  const image = ad.images[shown] ?? ad.image;
  return (
    <div className="cat-detail">
      <div>
        <ImageBox image={image} alt={ad.title} ratio={1} sizes="(max-width: 800px) 100vw, 600px" eager />
        {ad.images.length > 1 && (
          <ul className="cat-thumbs">
            {ad.images.map((picture, index) => (
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
        <PageTitle id="catalog.ui.plain" values={{ text: ad.title }} />
        <p className="cat-muted">
          {ad.category.name}
          {ad.condition && ` · ${intl.formatMessage({ id: `catalog.ui.condition.${ad.condition}` })}`}
          {ad.status !== 'published' && ` · ${intl.formatMessage({ id: `catalog.ui.status.${ad.status}` })}`}
        </p>
        <p style={{ fontSize: '1.4rem' }}>
          <strong>{ad.price === null ? intl.formatMessage({ id: 'catalog.ui.price.onRequest' }) : money(ad.price, ad.currency)}</strong>
        </p>
        <p>{ad.location}</p>
        <div className="cat-actions">
          <FavoriteButton type="ad" id={ad.id} active={ad.is_favorite} name={ad.title} inline />
          <span className="cat-muted">{intl.formatMessage({ id: 'catalog.ui.favorite.count' }, { count: ad.favorites_count })}</span>
          {ad.can_edit && (
            <>
              <Link className="button" to={`/create/ad?edit=${ad.id}`}>
                {intl.formatMessage({ id: 'catalog.ui.edit' })}
              </Link>
              <button
                type="button"
                className="button"
                disabled={removal.isLoading}
                onClick={async () => {
                  if (!window.confirm(intl.formatMessage({ id: 'catalog.ui.confirmDelete' }))) return;
                  const result = await remove(ad.id);
                  if (!('error' in result)) navigate(`/user/${ad.user.id}`);
                }}
              >
                {intl.formatMessage({ id: 'catalog.ui.delete' })}
              </button>
            </>
          )}
        </div>
        <ApiErrorText error={removal.error} />
        <p>
          {intl.formatMessage({ id: 'catalog.ui.ad.author' })} <Link to={`/user/${ad.user.id}`}>{ad.user.name}</Link>
        </p>
        {ad.description && <p style={{ whiteSpace: 'pre-line' }}>{ad.description}</p>}
      </div>
    </div>
  );
}
