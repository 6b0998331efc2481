import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { GalleryWork } from '../../../../shared/api/olympiad-works';
import { WorkImage } from '../components/work-image';

/** A work in the gallery grid: picture (box reserved), title, author's public name, likes. */
export function WorkCard({ work, onOpen, priority }: { work: GalleryWork; onOpen(): void; priority?: boolean }) {
  const intl = useIntl();
  return (
    <li className="work-card" data-testid="work-card" data-work-id={work.id}>
      <Link to={`/olympiad/works/${work.id}`} onClick={onOpen} className="work-card-link">
        <WorkImage image={work.image} alt="" sizes="(max-width: 600px) 50vw, (max-width: 1000px) 33vw, 240px" priority={priority} />
        <span className="work-card-title">{work.title}</span>
      </Link>
      <span className="muted work-card-meta">
        {work.author.public_name}
        {work.file_kind === 'pdf' ? ` · ${intl.formatMessage({ id: 'olympiadWorks.work.pdf' })}` : ''}
      </span>
      <span className="work-card-likes" data-testid="work-card-likes">
        {intl.formatMessage({ id: 'olympiadWorks.likes.count' }, { count: work.likes_count })}
      </span>
    </li>
  );
}
