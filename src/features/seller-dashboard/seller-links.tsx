import { useIntl } from 'react-intl';
import { Link } from 'react-router';

/** Every seller screen, one click from the dashboard. */
export const SELLER_LINKS = [
  { to: '/order/business', id: 'sellerDashboard.link.orders', testId: 'seller-link-orders' },
  { to: '/profile/seller/statistics', id: 'sellerDashboard.link.statistics', testId: 'seller-link-statistics' },
  { to: '/profile/seller/promotion', id: 'sellerDashboard.link.promotions', testId: 'seller-link-promotions' },
  { to: '/profile/seller/promotion/plan', id: 'sellerDashboard.link.plans', testId: 'seller-link-plans' },
  { to: '/profile/seller/promotion/create-banner', id: 'sellerDashboard.link.banner', testId: 'seller-link-banner' },
  { to: '/create/product', id: 'sellerDashboard.link.createProduct', testId: 'seller-link-create-product' },
  { to: '/create/ad', id: 'sellerDashboard.link.createAd', testId: 'seller-link-create-ad' },
] as const;

export function SellerLinks() {
  const intl = useIntl();
  return (
    <nav className="seller-links" aria-label={intl.formatMessage({ id: 'sellerDashboard.links' })}>
      <ul>
        {SELLER_LINKS.map((link) => (
          <li key={link.to}>
            <Link className="button" to={link.to} data-testid={link.testId}>
              {intl.formatMessage({ id: link.id })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
