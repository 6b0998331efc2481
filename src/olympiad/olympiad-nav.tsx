import { useIntl } from 'react-intl';
import { useAppSelector } from '../session/hooks';
import { NavLink } from 'react-router';
import { selectIsSignedIn } from '../session/session-slice';
import './olympiad-nav.css';

const PAGES = [
  { to: '/olympiad', id: 'olympiad.nav.home', end: true },
  { to: '/olympiad/stages', id: 'olympiad.nav.stages' },
  { to: '/olympiad/tests', id: 'olympiadTests.ui.nav.tests' },
  { to: '/olympiad/contests', id: 'olympiadWorks.nav.contests' },
  { to: '/olympiad/works', id: 'olympiadWorks.nav.otherWorks' },
  { to: '/olympiad/rating', id: 'olympiadRating.nav' },
  { to: '/olympiad/rules', id: 'olympiad.nav.rules' },
  { to: '/olympiad/faq', id: 'olympiad.nav.faq' },
  { to: '/olympiad/about', id: 'olympiad.nav.about' },
];

/** The olympiad's own navigation under the site header: its pages, then sign-in or the account. */
export function OlympiadNav() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
    <nav className="olympiad-nav" aria-label={intl.formatMessage({ id: 'olympiad.nav.label' })}>
      <ul>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink to={page.to} end={page.end}>
              {intl.formatMessage({ id: page.id })}
            </NavLink>
          </li>
        ))}
      </ul>
      <ul className="olympiad-nav-account">
        {signedIn ? (
          <li>
            <NavLink to="/olympiad/account" data-testid="olympiad-account-link">
              {intl.formatMessage({ id: 'olympiad.nav.account' })}
            </NavLink>
          </li>
        ) : (
          <>
            <li>
              <NavLink to="/olympiad/login">{intl.formatMessage({ id: 'olympiad.nav.login' })}</NavLink>
            </li>
            <li>
              <NavLink to="/olympiad/register" className="olympiad-nav-cta">
                {intl.formatMessage({ id: 'olympiad.nav.register' })}
              </NavLink>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}
