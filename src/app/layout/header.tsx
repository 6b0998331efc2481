import { useIntl } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { CartBadge } from './cart-badge';
import { LanguageSwitch } from './language-switch';
import { SearchBox } from './search-box';
import { UnreadBadge } from './unread-badge';
import { UserMenu } from './user-menu';
import { useAppSelector } from '../../session/hooks';
import { selectIsSignedIn } from '../../session/session-slice';

const NAV = [
  { to: '/home', id: 'nav.home' },
  { to: '/page/stores', id: 'nav.stores' },
  { to: '/page/services', id: 'nav.services' },
  { to: '/page/restaurants', id: 'nav.restaurants' },
  { to: '/olympiad', id: 'olympiad.nav.title' },
  { to: '/about', id: 'nav.about' },
];

export function Header() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <header className="app-header">
      <div className="header-row">
        <Link to="/home" className="logo" aria-label={intl.formatMessage({ id: 'app.name' })}>
          <span className="logo-mark" aria-hidden="true">
            {/* The name's first letter in the reader's language: Б in Russian, B in English. */}
            {intl.formatMessage({ id: 'app.name' }).charAt(0)}
          </span>
          <span className="logo-text">{intl.formatMessage({ id: 'app.name' })}</span>
        </Link>
        <SearchBox />
        <div className="header-actions">
          <LanguageSwitch />
          {signedIn ? <UnreadBadge /> : null}
          <CartBadge />
          <UserMenu />
        </div>
      </div>
      <nav className="header-nav" aria-label={intl.formatMessage({ id: 'header.nav' })}>
        {NAV.map((item) => (
          <NavLink key={item.to} to={item.to}>
            {intl.formatMessage({ id: item.id })}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
