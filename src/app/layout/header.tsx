import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CartBadge } from './cart-badge';
import { LanguageSwitch } from './language-switch';
import { MainNav } from './main-nav';
import { SearchBox } from './search-box';
import { UnreadBadge } from './unread-badge';
import { UserMenu } from './user-menu';
import { useAppSelector } from '../../session/hooks';
import { selectIsSignedIn } from '../../session/session-slice';

/**
 * The sticky header's height as `--header-height` on the page, so screens that fill the
 * viewport (a chat, a test question) fit under it at any width and language.
 */
function useHeaderHeight() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = header.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--header-height', `${Math.ceil(el.getBoundingClientRect().height)}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return header;
}

export function Header() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const header = useHeaderHeight();
  return (
    <header className="app-header" ref={header}>
      <div className="header-row">
        {/* Named by its visible words (the mark is decoration), so what is seen is what is said (WCAG 2.5.3). */}
        <Link to="/home" className="logo">
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
      <MainNav />
    </header>
  );
}
