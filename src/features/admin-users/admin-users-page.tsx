import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AdminUserRow } from '../../../shared/api/admin-users';
import { ROLES } from '../../../shared/roles';
import { ApiErrorText } from '../../components/api-error-text';
import { PageTitle } from '../../components/page-title';
import { StaffShell } from '../../staff/staff-shell';
import { StaffTable, type StaffColumn } from '../../staff/staff-table';
import { useSelection } from '../../staff/use-selection';
import { useTableParams } from '../../staff/use-table-params';
import { useAdminUsersQuery, useBlockUsersMutation, useUnblockUsersMutation } from './admin-users-api';
import { BlockReasonForm } from './block-reason-form';
import './admin-users.css';

const FILTERS = ['role', 'blocked'] as const;

/** `/admin/users` (admins and moderators): find people, open one, block or unblock several at once. */
export default function AdminUsersPage() {
  return (
    <StaffShell section="users">
      <AdminUsers />
    </StaffShell>
  );
}

function AdminUsers() {
  const intl = useIntl();
  const params = useTableParams(FILTERS);
  const args = { q: params.q, role: params.filters.role, blocked: params.filters.blocked, sort: params.sort, dir: params.dir, page: params.page };
  const { data, error, isFetching } = useAdminUsersQuery(args);
  const selection = useSelection(JSON.stringify(args));
  const [notice, setNotice] = useState('');

  const columns: StaffColumn<AdminUserRow>[] = [
    { label: 'admin.users.col.id', sort: 'id', cell: (row) => row.id },
    {
      label: 'admin.users.col.name',
      sort: 'name',
      cell: (row) => (
        <Link to={`/admin/users/${row.id}`} data-testid="admin-user-link">
          {row.name || intl.formatMessage({ id: 'admin.users.noName' })}
        </Link>
      ),
    },
    { label: 'admin.users.col.contact', cell: (row) => [row.email, row.phone].filter(Boolean).join(', ') },
    { label: 'admin.users.col.role', cell: (row) => intl.formatMessage({ id: `role.${row.role}` }) },
    { label: 'admin.users.col.created', sort: 'created', cell: (row) => intl.formatDate(row.created_at, { dateStyle: 'medium' }) },
    {
      label: 'admin.users.col.state',
      cell: (row) => (
        <span className={row.blocked ? 'admin-user-blocked' : undefined} title={row.blocked?.reason}>
          {intl.formatMessage({ id: row.blocked ? 'admin.users.state.blocked' : 'admin.users.state.active' })}
        </span>
      ),
    },
  ];

  return (
    <section className="admin-users" data-testid="admin-users">
      <PageTitle id="admin.users.title" />
      <UsersFilters key={params.q} params={params} />
      <ApiErrorText error={error} />
      <p className="form-success" role="status" data-testid="admin-users-notice">
        {notice}
      </p>
      <BulkActions
        chosen={[...selection.chosen]}
        onDone={(count) => {
          selection.clear();
          setNotice(intl.formatMessage({ id: 'admin.users.bulk.done' }, { count }));
        }}
      />
      {data ? (
        <div aria-busy={isFetching || undefined}>
          <StaffTable
            caption={intl.formatMessage({ id: 'admin.users.caption' })}
            columns={columns}
            rows={data.data}
            meta={data.meta}
            sort={params.sort ?? 'created'}
            dir={params.dir}
            onSort={params.sortBy}
            selection={selection}
            empty={intl.formatMessage({ id: 'admin.users.empty' })}
            testId="admin-users-table"
          />
        </div>
      ) : null}
    </section>
  );
}

/** The search box (applied on submit, so typing does not call the API per letter) and the filters (applied at once). */
function UsersFilters({ params }: { params: ReturnType<typeof useTableParams<(typeof FILTERS)[number]>> }) {
  const intl = useIntl();
  const [q, setQ] = useState(params.q);
  const ids = { q: useId(), role: useId(), blocked: useId() };
  return (
    <form
      className="admin-filters"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        params.update({ q: q.trim() });
      }}
    >
      <div className="form-field">
        <label htmlFor={ids.q}>{intl.formatMessage({ id: 'admin.users.search.label' })}</label>
        <input id={ids.q} type="search" value={q} maxLength={200} onChange={(event) => setQ(event.target.value)} data-testid="admin-users-search" />
      </div>
      <button type="submit" className="button" data-testid="admin-users-search-submit">
        {intl.formatMessage({ id: 'admin.users.search.submit' })}
      </button>
      <div className="form-field">
        <label htmlFor={ids.role}>{intl.formatMessage({ id: 'admin.users.filter.role' })}</label>
        <select id={ids.role} value={params.filters.role} onChange={(event) => params.update({ role: event.target.value })} data-testid="admin-users-role">
          <option value="">{intl.formatMessage({ id: 'admin.users.filter.any' })}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {intl.formatMessage({ id: `role.${role}` })}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={ids.blocked}>{intl.formatMessage({ id: 'admin.users.filter.blocked' })}</label>
        <select id={ids.blocked} value={params.filters.blocked} onChange={(event) => params.update({ blocked: event.target.value })} data-testid="admin-users-blocked">
          <option value="">{intl.formatMessage({ id: 'admin.users.filter.any' })}</option>
          <option value="yes">{intl.formatMessage({ id: 'admin.users.filter.blockedYes' })}</option>
          <option value="no">{intl.formatMessage({ id: 'admin.users.filter.blockedNo' })}</option>
        </select>
      </div>
    </form>
  );
}

/** Block the chosen with one reason, or unblock them: all or nothing on the server. */
function BulkActions({ chosen, onDone }: { chosen: number[]; onDone(count: number): void }) {
  const intl = useIntl();
  const [blockMany] = useBlockUsersMutation();
  const [unblockMany, unblocking] = useUnblockUsersMutation();
  const [failure, setFailure] = useState<unknown>(null);
  if (chosen.length === 0) return null;
  return (
    <section className="admin-bulk" aria-labelledby="admin-bulk-heading" data-testid="admin-users-bulk">
      <h2 id="admin-bulk-heading">{intl.formatMessage({ id: 'admin.users.bulk.title' })}</h2>
      <p>{intl.formatMessage({ id: 'admin.users.bulk.chosen' }, { count: chosen.length })}</p>
      <BlockReasonForm
        idPrefix="bulk-block"
        submitId="admin.users.bulk.block"
        testId="admin-bulk-block"
        block={async (reason) => {
          const result = await blockMany({ ids: chosen, reason });
          if ('error' in result) return result.error;
          onDone(result.data.changed.length);
          return null;
        }}
        onDone={() => setFailure(null)}
      />
      <ApiErrorText error={failure} />
      <button
        type="button"
        className="button"
        disabled={unblocking.isLoading}
        data-testid="admin-bulk-unblock"
        onClick={async () => {
          setFailure(null);
          const result = await unblockMany({ ids: chosen });
          if ('error' in result) setFailure(result.error);
          else onDone(result.data.changed.length);
        }}
      >
        {intl.formatMessage({ id: 'admin.users.bulk.unblock' })}
      </button>
    </section>
  );
}
