import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { OlympiadNav } from '../../../olympiad/olympiad-nav';
import { useAppSelector } from '../../../session/hooks';
import { selectIsSignedIn } from '../../../session/session-slice';
import '../olympiad-works.css';

/** The olympiad's navigation, then the works' own: the gallery, contests and (signed in) my works. */
export function WorksFrame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const sections = [
    { to: '/olympiad/works', id: 'olympiadWorks.nav.gallery', end: true },
    { to: '/olympiad/contests', id: 'olympiadWorks.nav.contests', end: false },
    ...(signedIn ? [{ to: '/olympiad/account/works', id: 'olympiadWorks.nav.mine', end: false }] : []),
  ];
  return (
    <div className="olympiad-page works-page">
      <OlympiadNav />
      <nav className="works-nav" aria-label={intl.formatMessage({ id: 'olympiadWorks.nav.label' })}>
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} end={section.end}>
                {intl.formatMessage({ id: section.id })}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
