import { useIntl } from 'react-intl';
import { MissingOrFailed, useRouteId } from '../../../components/missing-or-failed';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { StartChatButton } from '../../../components/chat/start-chat-button';
import { useAdsQuery, usePublicUserQuery } from '../catalog-api';
import { AdCard, BusinessCard, CardGrid, CardsSkeleton } from '../components/cards';
import { FavoriteButton } from '../components/favorite-button';
import { Pager, usePageParam } from '../../../components/pager';
import '../catalog.css';
import { personName } from '../../../components/person-name';

/** `/user/:id`: a public profile with the person's businesses and ads (paged with `?page=`). */
export default function UserPage() {
  const intl = useIntl();
  const routeId = useRouteId();
  const id = routeId ?? 0;
  const page = usePageParam();
  const { data: person, error, isLoading } = usePublicUserQuery(id, { skip: routeId === null });
  const ads = useAdsQuery({ user_id: id, page, per_page: 24 }, { skip: !person });
  if (isLoading) return <PageLoading />;
  if (!person) return <MissingOrFailed error={error} />;
  return (
    <div>
      <div className="cat-section-head">
        <div style={{ display: 'flex', gap: 16, alignItems: 'center' }}>
          {person.image && <img src={person.image} alt="" width={72} height={72} style={{ borderRadius: '50%', objectFit: 'cover' }} />}
          <PageTitle id="catalog.ui.plain" values={{ text: personName(intl, person.name) }} />
        </div>
        <FavoriteButton type="user" id={person.id} active={person.is_favorite} name={personName(intl, person.name)} inline />
      </div>
      <p className="cat-muted">{intl.formatMessage({ id: 'catalog.ui.user.since' }, { date: new Date(person.created_at) })}</p>
      <div className="cat-actions">
        <StartChatButton recipientId={person.id} />
      </div>
      {person.about && <p style={{ whiteSpace: 'pre-line' }}>{person.about}</p>}
      {person.businesses.length > 0 && (
        // The user menu's "My businesses" lands here (/user/:me#businesses).
        <section className="cat-section" id="businesses">
          <h2>{intl.formatMessage({ id: 'catalog.ui.user.businesses' })}</h2>
          <CardGrid items={person.businesses} render={(business) => <BusinessCard business={business} />} />
        </section>
      )}
      <section className="cat-section">
        <h2>{intl.formatMessage({ id: 'catalog.ui.user.ads' }, { count: person.ads_count })}</h2>
        {ads.isFetching || !ads.data ? (
          <CardsSkeleton count={4} />
        ) : ads.data.data.length === 0 ? (
          <p>{intl.formatMessage({ id: 'catalog.ui.empty' })}</p>
        ) : (
          <>
            <CardGrid items={ads.data.data} render={(ad) => <AdCard ad={ad} />} />
            <Pager meta={ads.data.meta} />
          </>
        )}
      </section>
    </div>
  );
}
