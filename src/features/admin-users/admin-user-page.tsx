import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { AdminUserDetail } from '../../../shared/api/admin-users';
import { ROLES, type Role } from '../../../shared/roles';
import { ApiErrorText } from '../../components/api-error-text';
import { MissingOrFailed, useRouteId } from '../../components/missing-or-failed';
import { useMoney } from '../../components/money';
import { PageTitle } from '../../components/page-title';
import { describeDevice } from '../../session/describe-device';
import { StaffShell } from '../../staff/staff-shell';
import { useAdminUserQuery, useBlockUserMutation, useChangeUserRoleMutation, useUnblockUserMutation } from './admin-users-api';
import { BlockReasonForm } from './block-reason-form';
import './admin-users.css';

/** `/admin/users/:id`: one person as staff see them; admins change the role, staff block and unblock. */
export default function AdminUserPage() {
  const id = useRouteId();
  return <StaffShell section="users">{(viewer) => (id === null ? <MissingOrFailed error={null} /> : <AdminUser id={id} viewerRole={viewer.role} viewerId={viewer.id} />)}</StaffShell>;
}

function AdminUser({ id, viewerRole, viewerId }: { id: number; viewerRole: Role; viewerId: number }) {
  const intl = useIntl();
  const { data: user, error } = useAdminUserQuery(id);
  const [notice, setNotice] = useState('');
  if (!user) return error ? <MissingOrFailed error={error} /> : <p className="muted">{intl.formatMessage({ id: 'common.loading' })}</p>;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  const none = intl.formatMessage({ id: 'admin.users.detail.none' });
  return (
    <section className="admin-user" data-testid="admin-user">
      <p>
        <Link to="/admin/users">{intl.formatMessage({ id: 'admin.users.back' })}</Link>
      </p>
      <PageTitle id="admin.users.title" />
      <h2 data-testid="admin-user-name">{user.name || intl.formatMessage({ id: 'admin.users.noName' })}</h2>
      <p>{intl.formatMessage({ id: 'admin.users.detail.contact' }, { email: user.email ?? none, phone: user.phone ?? none })}</p>
      <p className="muted">
        #{user.id} · {intl.formatMessage({ id: `role.${user.role}` })} · {intl.formatMessage({ id: 'admin.users.detail.registered' }, { date: date(user.created_at) })}
      </p>
      <p className="form-success" role="status" data-testid="admin-user-notice">
        {notice}
      </p>
      {user.blocked ? (
        <p className="admin-user-blocked" data-testid="admin-user-blocked">
          {intl.formatMessage(
            { id: 'admin.users.detail.blocked' },
            { date: date(user.blocked.at), name: user.blocked.by?.name ?? none, reason: user.blocked.reason },
          )}
        </p>
      ) : null}
      {viewerRole === 'admin' ? <RoleForm user={user} onDone={() => setNotice(intl.formatMessage({ id: 'admin.users.detail.roleSaved' }))} /> : null}
      {user.id !== viewerId && !(viewerRole !== 'admin' && user.role === 'admin') ? <BlockPart user={user} onNotice={setNotice} /> : null}
      <Activity user={user} />
      <Sessions user={user} />
      {viewerRole === 'admin' ? (
        <p>
          <Link to={`/admin/audit?target_type=user&target_id=${user.id}`} data-testid="admin-user-audit">
            {intl.formatMessage({ id: 'admin.users.detail.auditLink' })}
          </Link>
        </p>
      ) : null}
    </section>
  );
}

function RoleForm({ user, onDone }: { user: AdminUserDetail; onDone(): void }) {
  const intl = useIntl();
  const [role, setRole] = useState<Role>(user.role);
  const [change, changing] = useChangeUserRoleMutation();
  const [failure, setFailure] = useState<unknown>(null);
  const ids = { role: useId(), error: useId() };
  return (
    <form
      className="admin-user-part admin-filters"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        const result = await change({ id: user.id, role });
        if ('error' in result) setFailure(result.error);
        else onDone();
      }}
      data-testid="admin-user-role-form"
    >
      <div className={`form-field${failure ? ' has-error' : ''}`}>
        <label htmlFor={ids.role}>{intl.formatMessage({ id: 'admin.users.detail.role' })}</label>
        <select
          id={ids.role}
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          aria-invalid={failure ? true : undefined}
          aria-describedby={failure ? ids.error : undefined}
          data-testid="admin-user-role"
        >
          {ROLES.map((value) => (
            <option key={value} value={value}>
              {intl.formatMessage({ id: `role.${value}` })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button" disabled={changing.isLoading || role === user.role} data-testid="admin-user-role-save">
        {intl.formatMessage({ id: 'admin.users.detail.roleSave' })}
      </button>
      <div id={ids.error}>
        <ApiErrorText error={failure} />
      </div>
    </form>
  );
}

function BlockPart({ user, onNotice }: { user: AdminUserDetail; onNotice(text: string): void }) {
  const intl = useIntl();
  const [block] = useBlockUserMutation();
  const [unblock, unblocking] = useUnblockUserMutation();
  const [failure, setFailure] = useState<unknown>(null);
  return (
    <section className="admin-user-part" aria-labelledby="admin-user-block-heading">
      <h3 id="admin-user-block-heading">{intl.formatMessage({ id: 'admin.users.detail.blockTitle' })}</h3>
      {user.blocked ? (
        <>
          <button
            type="button"
            className="button"
            disabled={unblocking.isLoading}
            data-testid="admin-user-unblock"
            onClick={async () => {
              setFailure(null);
              const result = await unblock(user.id);
              if ('error' in result) setFailure(result.error);
              else onNotice(intl.formatMessage({ id: 'admin.users.detail.unblockedDone' }));
            }}
          >
            {intl.formatMessage({ id: 'admin.users.detail.unblock' })}
          </button>
          <ApiErrorText error={failure} />
        </>
      ) : (
        <BlockReasonForm
          idPrefix="user-block"
          submitId="admin.users.detail.block"
          testId="admin-user-block"
          block={async (reason) => {
            const result = await block({ id: user.id, reason });
            return 'error' in result ? result.error : null;
          }}
          onDone={() => onNotice(intl.formatMessage({ id: 'admin.users.detail.blockedDone' }))}
        />
      )}
    </section>
  );
}

function Activity({ user }: { user: AdminUserDetail }) {
  const intl = useIntl();
  const money = useMoney();
  return (
    <section className="admin-user-part" aria-labelledby="admin-user-activity-heading" data-testid="admin-user-activity">
      <h3 id="admin-user-activity-heading">{intl.formatMessage({ id: 'admin.users.detail.activity' })}</h3>
      <p>{intl.formatMessage({ id: 'admin.users.detail.businesses' }, { count: user.businesses.total })}</p>
      <ul className="admin-user-list">
        {user.businesses.latest.map((business) => (
          <li key={business.id}>
            <Link to={`/stores/${business.id}`}>{business.name}</Link>
          </li>
        ))}
      </ul>
      <p>{intl.formatMessage({ id: 'admin.users.detail.ads' }, { count: user.ads.total })}</p>
      <ul className="admin-user-list">
        {user.ads.latest.map((ad) => (
          <li key={ad.id}>
            <Link to={`/ads/${ad.id}`}>{ad.title}</Link>
          </li>
        ))}
      </ul>
      <p>{intl.formatMessage({ id: 'admin.users.detail.orders' }, { count: user.orders.total })}</p>
      <ul className="admin-user-list">
        {user.orders.latest.map((order) => (
          <li key={order.id}>
            #{order.id} · {intl.formatMessage({ id: `orders.status.${order.status}` })} · {money(order.total, order.currency)} ·{' '}
            {intl.formatDate(order.created_at, { dateStyle: 'medium' })}
          </li>
        ))}
      </ul>
      <p>{intl.formatMessage({ id: 'admin.users.detail.chats' }, { count: user.chats })}</p>
    </section>
  );
}

function Sessions({ user }: { user: AdminUserDetail }) {
  const intl = useIntl();
  return (
    <section className="admin-user-part" aria-labelledby="admin-user-sessions-heading" data-testid="admin-user-sessions">
      <h3 id="admin-user-sessions-heading">{intl.formatMessage({ id: 'admin.users.detail.sessions' })}</h3>
      {user.sessions.length === 0 ? <p className="muted">{intl.formatMessage({ id: 'admin.users.detail.noSessions' })}</p> : null}
      <ul className="admin-user-list">
        {user.sessions.map((session) => (
          <li key={session.id}>
            {intl.formatMessage(
              { id: 'admin.users.detail.session' },
              {
                device: describeDevice(session.user_agent) ?? intl.formatMessage({ id: 'admin.users.detail.none' }),
                ip: session.ip || '—',
                used: intl.formatDate(session.last_used_at, { dateStyle: 'medium', timeStyle: 'short' }),
              },
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
