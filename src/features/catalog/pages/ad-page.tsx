import { usePageImpression } from '../../../components/use-impressions';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { MissingOrFailed, useRouteId } from '../../../components/missing-or-failed';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { StartChatButton } from '../../../components/chat/start-chat-button';
import { useAdQuery, useDeleteAdMutation } from '../catalog-api';
import { FavoriteButton } from '../components/favorite-button';
import { ImageGallery } from '../components/image-gallery';
import { ModerationNote } from '../components/moderation-note';
import { OwnerActions } from '../components/owner-actions';
import { useMoney } from '../../../components/money';
import '../catalog.css';
import { personName } from '../../../components/person-name';

/** `/ads/:id`: an offer by a user. */
export default function AdPage() {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const id = useRouteId();
  const { data: ad, error, isLoading } = useAdQuery(id ?? 0, { skip: id === null });
  const [remove, removal] = useDeleteAdMutation();
  usePageImpression('ad', ad?.id);

  if (isLoading) return <PageLoading />;
  if (!ad) return <MissingOrFailed error={error} />;
  return (
    <div className="cat-detail">
      <ImageGallery images={ad.images} fallback={ad.image} alt={ad.title} />
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
        <ModerationNote mark={ad.moderation} editTo={`/create/ad?edit=${ad.id}`} />
        <div className="cat-actions">
          <FavoriteButton type="ad" id={ad.id} active={ad.is_favorite} name={ad.title} inline />
          <span className="cat-muted">{intl.formatMessage({ id: 'catalog.ui.favorite.count' }, { count: ad.favorites_count })}</span>
          {!ad.can_edit && <StartChatButton recipientId={ad.user.id} subject={{ type: 'ad', id: ad.id }} />}
          {ad.can_edit && (
            <OwnerActions
              editTo={`/create/ad?edit=${ad.id}`}
              promoteTo={ad.status === 'published' ? `/profile/seller/promotion/plan?ad=${ad.id}` : undefined}
              remove={() => remove(ad.id)} busy={removal.isLoading} onDeleted={() => navigate(`/user/${ad.user.id}`)} />
          )}
        </div>
        <ApiErrorText error={removal.error} />
        <p>
          {intl.formatMessage({ id: 'catalog.ui.ad.author' })} <Link to={`/user/${ad.user.id}`}>{personName(intl, ad.user.name)}</Link>
        </p>
        {ad.description && <p style={{ whiteSpace: 'pre-line' }}>{ad.description}</p>}
      </div>
    </div>
  );
}
