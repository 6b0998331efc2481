import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { MissingOrFailed, useRouteId } from '../../../components/missing-or-failed';
import { PageLoading } from '../../../components/page-loading';
import { useWatchedChannel } from '../../../realtime/use-watched-channel';
import { WorksFrame } from '../components/works-frame';
import { useGalleryWorkQuery, workChannel } from '../works-api';
import { useMayEditContests } from '../contests/use-contest-editor';
import { LikeButton } from './like-button';
import { ScoreForm } from './score-form';
import { WorkView } from './work-view';

/** A published work (or one's own) with its likes, counted live for everyone on this page. */
export default function WorkPage() {
  const intl = useIntl();
  const id = useRouteId();
  const work = useGalleryWorkQuery(id ?? 0, { skip: id === null });
  const mayScore = useMayEditContests();
  // Likes by others arrive on the work's public channel, through the browser's one socket.
  useWatchedChannel(id === null ? null : workChannel(id));
  const title = work.data?.data.title;
  const appName = intl.formatMessage({ id: 'app.name' });
  useEffect(() => {
    if (title) document.title = `${title} — ${appName}`;
  }, [title, appName]);
  if (work.isLoading) return <PageLoading />;
  if (!work.data) return <MissingOrFailed error={work.error} />;
  return (
    <WorksFrame>
      <section className="works-section">
        <WorkView work={work.data.data} headingLevel={1} />
        <LikeButton work={work.data.data} />
        {mayScore ? <ScoreForm workId={work.data.data.id} /> : null}
      </section>
    </WorksFrame>
  );
}
