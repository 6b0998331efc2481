import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ApiErrorText } from '../../../components/api-error-text';
import { PageTitle } from '../../../components/page-title';
import { useSubscriptionsQuery } from '../catalog-api';
import { CardGrid, CardsSkeleton, ProductCard } from '../components/cards';
import { ImageBox } from '../components/image-box';
import { Pager, usePageParam } from '../../../components/pager';
import { SubscribeButton } from '../components/subscribe-button';
import '../catalog.css';

/** `/subscriptions`: the businesses I follow, each with its newest goods and services. */
export default function SubscriptionsPage() {
  const intl = useIntl();
  const page = usePageParam();
  const { data, isLoading, error } = useSubscriptionsQuery({ page, per_page: 10 });
  return (
    <div>
      <PageTitle id="catalog.ui.subscriptions.title" />
      <ApiErrorText error={error} />
      {isLoading ? (
        <CardsSkeleton count={4} />
      ) : !data || data.data.length === 0 ? (
        !error && (
          <p>
            {intl.formatMessage({ id: 'catalog.ui.subscriptions.empty' })} <Link to="/stores">{intl.formatMessage({ id: 'catalog.ui.stores.title' })}</Link>
          </p>
        )
      ) : (
        <>
          {data.data.map(({ business, latest_products: latest, new_products_count: fresh }) => (
            <section key={business.id} className="cat-section" data-testid="subscription">
              <div className="cat-section-head">
                <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                  <div style={{ width: 56 }}>
                    <ImageBox image={business.logo} alt="" ratio={1} sizes="56px" />
                  </div>
                  <h2>
                    <Link to={`/stores/${business.id}`}>{business.name}</Link>
                  </h2>
                  {fresh > 0 && <span className="cat-badge">{intl.formatMessage({ id: 'catalog.ui.subscriptions.new' }, { count: fresh })}</span>}
                </div>
                <SubscribeButton id={business.id} active={business.is_subscribed} />
              </div>
              {latest.length > 0 ? (
                <CardGrid items={latest} render={(product) => <ProductCard product={product} />} />
              ) : (
                <p className="cat-muted">{intl.formatMessage({ id: 'catalog.ui.empty' })}</p>
              )}
            </section>
          ))}
          <Pager meta={data.meta} />
        </>
      )}
    </div>
  );
}
