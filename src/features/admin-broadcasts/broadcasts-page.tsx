import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { BroadcastResource } from '../../../shared/api/admin-broadcasts';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { StaffShell } from '../../staff/staff-shell';
import { StaffTable, type StaffColumn } from '../../staff/staff-table';
import { useTableParams } from '../../staff/use-table-params';
import { AudienceText } from './audience-text';
import { emptyFields } from './broadcast-fields';
import { BroadcastForm } from './broadcast-form';
import { BroadcastProgress } from './broadcast-progress';
import { useBroadcastsQuery } from './broadcasts-api';
import { useProgressPolling } from './use-progress-polling';
import './broadcasts.css';

/**
 * `/admin/notifications`: announcements to many, newest first, each with its delivery progress
 * (read every second while one is being sent), and the compose form (`?compose`, with
 * `?users=1,2` to start from people chosen elsewhere, e.g. the users table).
 */
export default function BroadcastsPage() {
  return (
    <StaffShell section="notifications">
      <Broadcasts />
    </StaffShell>
  );
}

const chosenUsers = (text: string | null): number[] => (text ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0);

function Broadcasts() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const table = useTableParams([]);
  const composing = params.has('compose') || params.has('users');
  const first = useBroadcastsQuery(table.page);
  const pollingInterval = useProgressPolling(first.data?.data);
  const { data, error, isLoading } = useBroadcastsQuery(table.page, { pollingInterval });

  const columns: StaffColumn<BroadcastResource>[] = [
    {
      label: 'admin.broadcasts.col.title',
      cell: (row) => <Link to={`/admin/notifications/${row.id}`}>{intl.locale === 'en' ? row.title_en : row.title_ru}</Link>,
    },
    { label: 'admin.broadcasts.col.audience', cell: (row) => <AudienceText audience={row.audience} /> },
    { label: 'admin.broadcasts.col.status', cell: (row) => <span data-testid={`broadcast-status-${row.id}`}>{intl.formatMessage({ id: `admin.broadcasts.status.${row.status}` })}</span> },
    { label: 'admin.broadcasts.col.sendAt', cell: (row) => intl.formatDate(row.send_at, { dateStyle: 'medium', timeStyle: 'short' }) },
    { label: 'admin.broadcasts.col.progress', cell: (row) => <BroadcastProgress broadcast={row} /> },
  ];

  return (
    <section className="broadcasts-page" data-testid="broadcasts-page">
      <div className="broadcasts-head">
        <PageTitle id="admin.broadcasts.title" />
        {composing ? null : (
          <button type="button" className="button button-primary" onClick={() => setParams({ compose: '' })} data-testid="broadcast-new">
            {intl.formatMessage({ id: 'admin.broadcasts.new' })}
          </button>
        )}
      </div>
      {composing ? <BroadcastForm initial={emptyFields(chosenUsers(params.get('users')))} onSent={(sent) => navigate(`/admin/notifications/${sent.id}`)} /> : null}
      {isLoading ? (
        <PageLoading />
      ) : error ? (
        <ApiErrorText error={error} />
      ) : (
        <StaffTable
          caption={intl.formatMessage({ id: 'admin.broadcasts.title' })}
          columns={columns}
          rows={data?.data ?? []}
          meta={data?.meta}
          sort={null}
          dir="desc"
          onSort={() => undefined}
          empty={intl.formatMessage({ id: 'admin.broadcasts.empty' })}
          testId="broadcasts-table"
        />
      )}
    </section>
  );
}
