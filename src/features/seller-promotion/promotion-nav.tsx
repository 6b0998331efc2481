import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';

/** The seller's promotion screens, one tab each. */
export function PromotionNav() {
  const intl = useIntl();
  const tabs = [
    { to: '/profile/seller/promotion', id: 'promotion.nav.current', end: true },
    { to: '/profile/seller/promotion/all', id: 'promotion.nav.all', end: true },
    { to: '/profile/seller/promotion/plan', id: 'promotion.nav.buy', end: true },
  ];
  return (
    <nav className="promo-nav" aria-label={intl.formatMessage({ id: 'promotion.nav.label' })}>
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end={tab.end}>
          {intl.formatMessage({ id: tab.id })}
        </NavLink>
      ))}
    </nav>
  );
}
