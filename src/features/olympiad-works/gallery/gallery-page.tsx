import { PageTitle } from '../../../components/page-title';
import { WorksFrame } from '../components/works-frame';
import { GalleryView } from './gallery-view';

/** "Other works" (SPEC §2): every published work of every contest, for anyone. */
export default function GalleryPage() {
  return (
    <WorksFrame>
      <section className="works-section">
        <PageTitle id="olympiadWorks.gallery.title" />
        <GalleryView contestId={null} />
      </section>
    </WorksFrame>
  );
}
