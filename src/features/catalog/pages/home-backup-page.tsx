import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import { HomeHero, HomeSectionCards, HomeStats } from '../components/home-parts';

/**
 * `/home/index_backup` (SPEC §2): the home page's layout from before the catalogue came to it (the
 * hero, the count of people and the section cards, without the catalogue's rows), kept reachable.
 */
export default function HomeBackupPage() {
  const intl = useIntl();
  return (
    <div className="home-page">
      <div className="visually-hidden">
        <PageTitle id="home.backup.title" />
      </div>
      <p className="muted" data-testid="home-backup-note">
        {intl.formatMessage({ id: 'home.backup.note' })} <Link to="/home">{intl.formatMessage({ id: 'home.backup.current' })}</Link>
      </p>
      <HomeHero />
      <HomeStats />
      <HomeSectionCards />
    </div>
  );
}
