import { InTurn } from '../../../components/in-turn';
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
      <InTurn reserve="120px">
        <HomeStats />
      </InTurn>
      <InTurn reserve="240px">
        <HomeSectionCards />
      </InTurn>
    </div>
  );
}
