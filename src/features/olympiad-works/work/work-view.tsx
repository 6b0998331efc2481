import { useIntl } from 'react-intl';
import type { GalleryWork } from '../../../../shared/api/olympiad-works';
import { appConfig } from '../../../services/app-config';
import { WorkImage } from '../components/work-image';

/** A file URL from the API as the browser can open it (the API may live on another origin). */
export const fileHref = (url: string) => (/^https?:/.test(url) ? url : `${appConfig().apiUrl}${url}`);

/** What a visitor sees of a work: the large picture or the PDF's first page with a link to the PDF, the texts and the author. */
export function WorkView({ work, headingLevel = 2 }: { work: Omit<GalleryWork, 'published_at'>; headingLevel?: 1 | 2 }) {
  const intl = useIntl();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className="work-view" data-testid="work-view">
      <div className="work-view-media">
        <WorkImage image={work.image} alt={intl.formatMessage({ id: work.file_kind === 'pdf' ? 'olympiadWorks.work.previewAlt' : 'olympiadWorks.work.imageAlt' }, { title: work.title })} sizes="(max-width: 900px) 100vw, 720px" priority />
        {work.file_kind === 'pdf' ? (
          <a className="button" href={fileHref(work.file_url)} target="_blank" rel="noopener" data-testid="work-pdf-link">
            {intl.formatMessage({ id: 'olympiadWorks.work.openPdf' }, { size: (Math.round((work.file_bytes / (1024 * 1024)) * 10) / 10).toString() })}
          </a>
        ) : null}
      </div>
      <div className="work-view-text">
        <Heading className={headingLevel === 1 ? 'page-title' : undefined} data-testid="work-title">
          {work.title}
        </Heading>
        <p className="muted">
          {intl.formatMessage({ id: 'olympiadWorks.work.author' }, { name: work.author.public_name })} ·{' '}
          {intl.formatMessage({ id: `olympiad.category.${work.author.category}` })}
        </p>
        <p className="muted">{intl.formatMessage({ id: 'olympiadWorks.work.contest' }, { contest: work.contest.title })}</p>
        <div className="work-description">
          {work.description.split(/\n+/).map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </div>
      </div>
    </article>
  );
}
