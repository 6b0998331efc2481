import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';

const NAV = [
  { to: '/home', id: 'nav.home' },
  { to: '/page/stores', id: 'nav.stores' },
  { to: '/page/services', id: 'nav.services' },
  { to: '/page/restaurants', id: 'nav.restaurants' },
  { to: '/olympiad', id: 'olympiad.nav.title' },
  { to: '/about', id: 'nav.about' },
];

/** Which ends of the row have sections scrolled out of sight. */
interface Overflow {
  before: boolean;
  after: boolean;
}

/**
 * The main sections in one row. Where they do not fit (a phone) the row scrolls sideways,
 * the hidden end fades out and an arrow says there is more (and scrolls to it), so every
 * section stays one swipe or one tap away without a second row of header height.
 */
export function MainNav() {
  const intl = useIntl();
  const row = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });

  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    // A pixel of slack: fractional widths never quite reach the end.
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setOverflow((old) => (old.before === before && old.after === after ? old : { before, after }));
  }, []);

  useEffect(() => {
    const el = row.current;
    if (!el) return undefined;
    measure();
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resize?.observe(el);
    el.addEventListener('scroll', measure, { passive: true });
    return () => {
      resize?.disconnect();
      el.removeEventListener('scroll', measure);
    };
  }, [measure]);

  const showMore = () => row.current?.scrollBy({ left: row.current.clientWidth * 0.7, behavior: 'smooth' });

  return (
    <nav
      className="header-nav"
      aria-label={intl.formatMessage({ id: 'header.nav' })}
      data-more-before={overflow.before || undefined}
      data-more-after={overflow.after || undefined}
      data-testid="main-nav"
    >
      <div className="header-nav-row" ref={row}>
        {NAV.map((entry) => (
          <NavLink key={entry.to} to={entry.to}>
            {intl.formatMessage({ id: entry.id })}
          </NavLink>
        ))}
      </div>
      {overflow.after ? (
        // Pointer help only: keyboard users reach every link with Tab, which scrolls it into view.
        <button type="button" className="header-nav-more" tabIndex={-1} aria-hidden="true" title={intl.formatMessage({ id: 'header.nav.more' })} onClick={showMore} data-testid="main-nav-more">
          ›
        </button>
      ) : null}
    </nav>
  );
}
