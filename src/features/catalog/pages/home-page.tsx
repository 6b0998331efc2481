import { FormattedMessage, useIntl } from 'react-intl';
import { useAppSelector } from '../../../session/hooks';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { selectIsSignedIn } from '../../../session/session-slice';
import { HomeCatalogSections } from '../components/home-sections';
import { useHomeStatsQuery } from '../home-api';

const SECTIONS = [
  { to: '/page/stores', id: 'home.sections.stores' },
  { to: '/page/services', id: 'home.sections.services' },
  { to: '/page/restaurants', id: 'home.sections.restaurants' },
  { to: '/about', id: 'home.sections.about' },
];

export default function HomePage() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data: stats, isLoading } = useHomeStatsQuery();
  return (
    <div className="home-page">
      <div className="visually-hidden">
        <PageTitle id="home.title" />
      </div>
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
      <HomeCatalogSections />
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
