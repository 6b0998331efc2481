import { usePageImpression } from '../../../components/use-impressions';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WEEKDAYS } from '../../../../shared/api/catalog-values';
import { MissingOrFailed, useRouteId } from '../../../components/missing-or-failed';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageLoading } from '../../../components/page-loading';
import { PageTitle } from '../../../components/page-title';
import { StartChatButton } from '../../../components/chat/start-chat-button';
import { useBusinessQuery, useDeleteBusinessMutation, useProductsQuery } from '../catalog-api';
import { storeProductsArgs } from '../screen-args';
import { CardGrid, CardsSkeleton, ProductCard } from '../components/cards';
import { FavoriteButton } from '../components/favorite-button';
import { ImageBox } from '../components/image-box';
import { ModerationNote } from '../components/moderation-note';
import { OwnerActions } from '../components/owner-actions';
import { Pager, usePageParam } from '../../../components/pager';
import { SubscribeButton } from '../components/subscribe-button';
import '../catalog.css';
import { personName } from '../../../components/person-name';

/** `/stores/:id`: the business, its hours and its goods and services by category (`?category=`). */
export default function StorePage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const routeId = useRouteId();
  const id = routeId ?? 0;
  const [params] = useSearchParams();
  const page = usePageParam();
  const categoryId = params.get('category') ?? '';
  const { data: business, error, isLoading } = useBusinessQuery(id, { skip: routeId === null });
  const products = useProductsQuery(storeProductsArgs(id, { mine: !!business?.can_edit, categoryId, page }), { skip: !business });
  const [remove, removal] = useDeleteBusinessMutation();
  usePageImpression('business', business?.id);

  if (isLoading) return <PageLoading />;
  if (!business) return <MissingOrFailed error={error} />;

  // A service business offers services; stores and restaurants sell goods and dishes.
  const itemKind = business.kind === 'service' ? 'service' : 'product';
  const chipHref = (category?: number) => `/stores/${id}${category ? `?category=${category}` : ''}`;
  return (
    <div>
      <ImageBox image={business.cover} alt="" ratio={4} sizes="100vw" eager />
      <div className="cat-section-head">
        <PageTitle id="catalog.ui.plain" values={{ text: business.name }} />
        <FavoriteButton type="business" id={business.id} active={business.is_favorite} name={business.name} inline />
      </div>
      <p className="cat-muted">
        {intl.formatMessage({ id: `catalog.ui.kind.${business.kind}` })}
        {business.category && (
          <>
            {' · '}
            <Link to={`/stores/category/${business.category.id}`}>{business.category.name}</Link>
          </>
        )}
        {' · '}
        {intl.formatMessage({ id: 'catalog.ui.store.subscribers' }, { count: business.subscribers_count })}
      </p>
      <ModerationNote mark={business.moderation} editTo={`/create/business?edit=${business.id}`} />
      <div className="cat-actions">
        <SubscribeButton id={business.id} active={business.is_subscribed} />
        {!business.can_edit && <StartChatButton recipientId={business.owner.id} subject={{ type: 'business', id: business.id }} />}
        {business.can_edit && (
          <>
            <Link className="button" to={`/create/${itemKind}?business=${business.id}`}>
              {intl.formatMessage({ id: `catalog.ui.create.${itemKind}` })}
            </Link>
            <Link className="button" to={`/create/category/product?business=${business.id}`}>
              {intl.formatMessage({ id: 'catalog.ui.create.category' })}
            </Link>
            <OwnerActions editTo={`/create/business?edit=${business.id}`} remove={() => remove(business.id)} busy={removal.isLoading} onDeleted={() => navigate('/stores')} />
          </>
        )}
      </div>
      <ApiErrorText error={removal.error} />
      <div className="cat-detail">
        <div>
          {business.description && <p style={{ whiteSpace: 'pre-line' }}>{business.description}</p>}
          <p>
            {business.address}
            {business.phone && (
              <>
                {' · '}
                <a href={`tel:${business.phone}`}>{business.phone}</a>
              </>
            )}
          </p>
          <p className="cat-muted">
            {intl.formatMessage({ id: 'catalog.ui.store.owner' })} <Link to={`/user/${business.owner.id}`}>{personName(intl, business.owner.name)}</Link>
          </p>
        </div>
        <table className="cat-hours">
          <caption className="visually-hidden">{intl.formatMessage({ id: 'catalog.ui.store.hours' })}</caption>
          <tbody>
            {WEEKDAYS.map((day) => {
              const hours = business.working_hours[day];
              return (
                <tr key={day}>
                  <th scope="row">{intl.formatMessage({ id: `catalog.ui.day.${day}` })}</th>
                  <td>{hours ? `${hours.open}–${hours.close}` : intl.formatMessage({ id: 'catalog.ui.store.closed' })}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <section className="cat-section">
        <h2>{intl.formatMessage({ id: 'catalog.ui.store.products' }, { count: business.products_count + business.services_count })}</h2>
        {business.categories.length > 0 && (
          <ul className="cat-chips">
            <li>
              <Link className="cat-chip" to={chipHref()} aria-current={categoryId ? undefined : 'page'}>
                {intl.formatMessage({ id: 'catalog.ui.filter.any' })}
              </Link>
            </li>
            {business.categories.map((category) => (
              <li key={category.id}>
                <Link className="cat-chip" to={chipHref(category.id)} aria-current={String(category.id) === categoryId ? 'page' : undefined}>
                  {category.name} ({category.products_count})
                </Link>
                {business.can_edit && (
                  <Link className="icon-link" to={`/create/category/product/${category.id}`} aria-label={intl.formatMessage({ id: 'catalog.ui.editNamed' }, { name: category.name })}>
                    ✎
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
        {products.isFetching || !products.data ? (
          <CardsSkeleton count={4} />
        ) : products.data.data.length === 0 ? (
          <p>{intl.formatMessage({ id: 'catalog.ui.empty' })}</p>
        ) : (
          <>
            <CardGrid
              items={products.data.data}
              render={(product) => (
                <>
                  <ProductCard product={product} />
                  {business.can_edit && product.status !== 'published' && <span className="cat-muted">{intl.formatMessage({ id: `catalog.ui.status.${product.status}` })}</span>}
                </>
              )}
            />
            <Pager meta={products.data.meta} />
          </>
        )}
      </section>
    </div>
  );
}
