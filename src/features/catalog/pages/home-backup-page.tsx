import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { useAppSelector } from '../../../session/hooks';
import { selectIsSignedIn } from '../../../session/session-slice';
import { useHomeStatsQuery } from '../home-api';

const SECTIONS = [
  { to: '/page/stores', id: 'home.sections.stores' },
  { to: '/page/services', id: 'home.sections.services' },
  { to: '/page/restaurants', id: 'home.sections.restaurants' },
  { to: '/about', id: 'home.sections.about' },
];

/**
 * `/home/index_backup` (SPEC §2): the home page as it was before the catalogue came to it (the hero,
 * the count of people and the section cards), kept reachable as it was, so it is not shared with
 * the live home page, which changes on its own.
 */
export default function HomeBackupPage() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: stats, isLoading } = useHomeStatsQuery();
  return (
    <div className="home-page">
      <div className="visually-hidden">
        <PageTitle id="home.backup.title" />
      </div>
      <p className="muted" data-testid="home-backup-note">
        {intl.formatMessage({ id: 'home.backup.note' })} <Link to="/home">{intl.formatMessage({ id: 'home.backup.current' })}</Link>
      </p>
      <section className="hero">
        <h2>{intl.formatMessage({ id: 'home.hero.title' })}</h2>
        <p>{intl.formatMessage({ id: 'home.hero.text' })}</p>
        {signedIn ? (
          <Link className="button button-primary" to="/profile">
            <FormattedMessage id="home.hero.profile" />
          </Link>
        ) : (
          <Link className="button button-primary" to="/auth">
            <FormattedMessage id="home.hero.signIn" />
          </Link>
        )}
      </section>
      <section className="home-stats" aria-busy={isLoading}>
        <h2>{intl.formatMessage({ id: 'home.stats.title' })}</h2>
        <p className="stat" data-testid="home-users">
          {stats ? intl.formatMessage({ id: 'home.stats.users' }, { count: stats.users }) : <span className="skeleton skeleton-inline" />}
        </p>
      </section>
      <section>
        <h2>{intl.formatMessage({ id: 'home.sections.title' })}</h2>
        <ul className="card-grid">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <Link className="card" to={section.to}>
                {intl.formatMessage({ id: section.id })}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
