import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { BroadcastResource } from '../../../shared/api/admin-broadcasts';
import { BROADCAST_OPEN_STATUSES } from '../../../shared/api/admin-broadcasts-values';
import { ApiErrorText } from '../../components/api-error-text';
import { MissingOrFailed, useRouteId } from '../../components/missing-or-failed';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { StaffShell } from '../../staff/staff-shell';
import { AudienceText } from './audience-text';
import { BroadcastProgress } from './broadcast-progress';
import { useBroadcastQuery, useCancelBroadcastMutation } from './broadcasts-api';
import { useProgressPolling } from './use-progress-polling';
import './broadcasts.css';

/** `/admin/notifications/:id`: one announcement in both languages, its live progress, and cancelling it while it is not over. */
export default function BroadcastPage() {
  return (
    <StaffShell section="notifications">
      <OneBroadcast />
    </StaffShell>
  );
}

function OneBroadcast() {
  const id = useRouteId();
  const first = useBroadcastQuery(id ?? 0, { skip: id === null });
  const pollingInterval = useProgressPolling(first.data ? [first.data] : undefined);
  const { data, error, isLoading } = useBroadcastQuery(id ?? 0, { skip: id === null, pollingInterval });
  if (isLoading) return <PageLoading />;
  if (!data) return <MissingOrFailed error={id === null ? null : error} />;
  return <BroadcastDetails broadcast={data} />;
}

function BroadcastDetails({ broadcast }: { broadcast: BroadcastResource }) {
  const intl = useIntl();
  const [cancel, cancelling] = useCancelBroadcastMutation();
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="broadcast-page" data-testid="broadcast-page">
      <p>
        <Link to="/admin/notifications">{intl.formatMessage({ id: 'admin.broadcasts.back' })}</Link>
      </p>
      <PageTitle id="admin.broadcasts.title" />
      <dl>
        <dt>{intl.formatMessage({ id: 'admin.broadcasts.col.audience' })}</dt>
        <dd>
          <AudienceText audience={broadcast.audience} />
        </dd>
        <dt>{intl.formatMessage({ id: 'admin.broadcasts.col.status' })}</dt>
        <dd data-testid="broadcast-status">{intl.formatMessage({ id: `admin.broadcasts.status.${broadcast.status}` })}</dd>
        <dt>{intl.formatMessage({ id: 'admin.broadcasts.col.sendAt' })}</dt>
        <dd>{when(broadcast.send_at)}</dd>
        <dt>{intl.formatMessage({ id: 'admin.broadcasts.col.progress' })}</dt>
        <dd>
          <BroadcastProgress broadcast={broadcast} />
        </dd>
      </dl>
      <p className="muted">
        {broadcast.created_by ? intl.formatMessage({ id: 'admin.broadcasts.by' }, { name: broadcast.created_by.name }) : null}
        {broadcast.started_at ? ` · ${intl.formatMessage({ id: 'admin.broadcasts.startedAt' }, { at: when(broadcast.started_at) })}` : null}
        {broadcast.finished_at ? ` · ${intl.formatMessage({ id: 'admin.broadcasts.finishedAt' }, { at: when(broadcast.finished_at) })}` : null}
        {broadcast.cancelled_at ? ` · ${intl.formatMessage({ id: 'admin.broadcasts.cancelledAt' }, { at: when(broadcast.cancelled_at) })}` : null}
      </p>
      <div className="broadcast-preview">
        <article lang="ru">
          <p className="muted">{intl.formatMessage({ id: 'admin.broadcasts.inRu' })}</p>
          <h3>{broadcast.title_ru}</h3>
          <p className="broadcast-text">{broadcast.body_ru}</p>
        </article>
        <article lang="en">
          <p className="muted">{intl.formatMessage({ id: 'admin.broadcasts.inEn' })}</p>
          <h3>{broadcast.title_en}</h3>
          <p className="broadcast-text">{broadcast.body_en}</p>
        </article>
      </div>
      {BROADCAST_OPEN_STATUSES.includes(broadcast.status) ? (
        <div className="form-actions">
          <button type="button" className="button" disabled={cancelling.isLoading} onClick={() => void cancel(broadcast.id)} data-testid="broadcast-cancel">
            {intl.formatMessage({ id: cancelling.isLoading ? 'admin.broadcasts.cancelling' : 'admin.broadcasts.cancel' })}
          </button>
        </div>
      ) : null}
      <ApiErrorText error={cancelling.error} />
    </section>
  );
}
