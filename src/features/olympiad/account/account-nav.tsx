import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../session/hooks';
import { NavLink } from 'react-router';
import { signOutRequested } from '../../../session/session-slice';

export const ACCOUNT_SECTIONS = [
  { to: '/olympiad/account', id: 'olympiad.account.overview', end: true },
  { to: '/olympiad/account/personal', id: 'olympiad.account.personal' },
  { to: '/olympiad/account/profile', id: 'olympiad.account.profile' },
  { to: '/olympiad/account/olympiad', id: 'olympiad.account.olympiad' },
  { to: '/olympiad/account/works', id: 'olympiadWorks.nav.mine' },
  { to: '/olympiad/account/statistics', id: 'olympiad.account.statistics' },
  { to: '/olympiad/account/ranking', id: 'olympiad.account.ranking' },
  { to: '/olympiad/account/security', id: 'olympiad.account.security' },
  { to: '/olympiad/account/delete', id: 'olympiad.account.delete' },
];

/** The personal account's sections, and logging out (the same sign-out as the marketplace). */
export function AccountNav() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  return (
    <nav className="account-nav" aria-label={intl.formatMessage({ id: 'olympiad.account.nav' })}>
      <ul>
        {ACCOUNT_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end}>
              {intl.formatMessage({ id: section.id })}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className="link-button" onClick={() => dispatch(signOutRequested('/olympiad'))} data-testid="olympiad-logout">
            {intl.formatMessage({ id: 'olympiad.account.logout' })}
          </button>
        </li>
      </ul>
    </nav>
  );
}
