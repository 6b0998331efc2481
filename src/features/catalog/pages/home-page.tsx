import { PageTitle } from '../../../components/page-title';
import { HomeCatalogSections } from '../components/home-sections';
import { HomeHero, HomeSectionCards, HomeStats } from '../components/home-parts';

export default function HomePage() {
  return (
    <div className="home-page">
      <div className="visually-hidden">
        <PageTitle id="home.title" />
      </div>
      <HomeHero />
      <HomeCatalogSections />
      <HomeStats />
      <HomeSectionCards />
    </div>
  );
}
