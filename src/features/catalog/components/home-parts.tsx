import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppSelector } from '../../../session/hooks';
import { selectIsSignedIn } from '../../../session/session-slice';
import { useHomeStatsQuery } from '../home-api';

const SECTIONS = [
  { to: '/page/stores', id: 'home.sections.stores' },
  { to: '/page/services', id: 'home.sections.services' },
  { to: '/page/restaurants', id: 'home.sections.restaurants' },
  { to: '/about', id: 'home.sections.about' },
];

/** The greeting with its one call to action (sign in, or your profile). */
export function HomeHero() {
  const intl = useIntl();
  const signedIn = useAppSelector(selectIsSignedIn);
  return (
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
  );
}

/** How many people use the product. */
export function HomeStats() {
  const intl = useIntl();
  const { data: stats, isLoading } = useHomeStatsQuery();
  return (
    <section className="home-stats" aria-busy={isLoading}>
      <h2>{intl.formatMessage({ id: 'home.stats.title' })}</h2>
      <p className="stat" data-testid="home-users">
        {stats ? intl.formatMessage({ id: 'home.stats.users' }, { count: stats.users }) : <span className="skeleton skeleton-inline" />}
      </p>
    </section>
  );
}

/** The cards leading to the marketplace's sections. */
export function HomeSectionCards() {
  const intl = useIntl();
  return (
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
  );
}
