import { Form, Formik } from 'formik';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../../../shared/admin/audit-actions';
import type { AuditRow } from '../../../shared/api/admin-users';
import { ApiErrorText } from '../../components/api-error-text';
import { FormField } from '../../components/forms/form-field';
import { SelectField } from '../../components/forms/select-field';
import { PageTitle } from '../../components/page-title';
import { StaffShell } from '../../staff/staff-shell';
import { StaffTable, type StaffColumn } from '../../staff/staff-table';
import { useTableParams } from '../../staff/use-table-params';
import { useAdminAuditQuery } from './admin-audit-api';
import { AuditChange } from './audit-change';
import { AUDIT_FILTERS, auditFilterErrors, type AuditFilterValues } from './audit-filters';
import './admin-audit.css';

/** `/admin/audit` (admins): every staff action, newest first, with filters kept in the URL. */
export default function AdminAuditPage() {
  return (
    <StaffShell section="audit">
      <AdminAudit />
    </StaffShell>
  );
}

function AdminAudit() {
  const intl = useIntl();
  const params = useTableParams(AUDIT_FILTERS);
  const { data, error, isFetching } = useAdminAuditQuery({ ...params.filters, page: params.page });
  const target = (row: AuditRow) => {
    const kind = intl.formatMessage({ id: `admin.audit.target.${row.target_type}` });
    if (row.target_id === null) return kind;
    return row.target_type === 'user' ? <Link to={`/admin/users/${row.target_id}`}>{`${kind} #${row.target_id}`}</Link> : `${kind} #${row.target_id}`;
  };
  const columns: StaffColumn<AuditRow>[] = [
    { label: 'admin.audit.col.time', cell: (row) => intl.formatDate(row.created_at, { dateStyle: 'medium', timeStyle: 'medium' }) },
    { label: 'admin.audit.col.actor', cell: (row) => (row.actor ? `${row.actor.name} (#${row.actor.id})` : intl.formatMessage({ id: 'admin.audit.deletedActor' })) },
    {
      label: 'admin.audit.col.action',
      cell: (row) => (intl.messages[`admin.audit.action.${row.action}`] ? intl.formatMessage({ id: `admin.audit.action.${row.action}` }) : row.action),
    },
    { label: 'admin.audit.col.target', cell: target },
    { label: 'admin.audit.col.change', cell: (row) => <AuditChange before={row.before} after={row.after} /> },
    { label: 'admin.audit.col.reason', cell: (row) => row.reason ?? intl.formatMessage({ id: 'admin.audit.empty.value' }) },
  ];
  return (
    <section className="admin-audit" data-testid="admin-audit">
      <PageTitle id="admin.audit.title" />
      <Formik<AuditFilterValues>
        key={JSON.stringify(params.filters)}
        initialValues={params.filters}
        validateOnBlur={false}
        validate={auditFilterErrors}
        onSubmit={(values) => params.update(Object.fromEntries(AUDIT_FILTERS.map((key) => [key, values[key].trim()])))}
      >
        {(form) => (
          <Form className="admin-filters" noValidate role="search" data-testid="admin-audit-filters">
            <FormField name="actor_id" labelId="admin.audit.filter.actor" idPrefix="audit" inputMode="numeric" autoComplete="off" />
            <SelectField name="action" labelId="admin.audit.filter.action" idPrefix="audit" options={AUDIT_ACTIONS} optionPrefix="admin.audit.action" emptyId="admin.audit.filter.any" />
            <SelectField name="target_type" labelId="admin.audit.filter.targetType" idPrefix="audit" options={AUDIT_TARGETS} optionPrefix="admin.audit.target" emptyId="admin.audit.filter.any" />
            <FormField name="target_id" labelId="admin.audit.filter.targetId" idPrefix="audit" inputMode="numeric" autoComplete="off" />
            <FormField name="from" labelId="admin.audit.filter.from" idPrefix="audit" type="date" />
            <FormField name="to" labelId="admin.audit.filter.to" idPrefix="audit" type="date" />
            <button type="submit" className="button" data-testid="admin-audit-apply">
              {intl.formatMessage({ id: 'admin.audit.filter.apply' })}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                form.resetForm();
                params.update(Object.fromEntries(AUDIT_FILTERS.map((key) => [key, null])));
              }}
            >
              {intl.formatMessage({ id: 'admin.audit.filter.reset' })}
            </button>
          </Form>
        )}
      </Formik>
      <ApiErrorText error={error} />
      {data ? (
        <div aria-busy={isFetching || undefined}>
          <StaffTable
            caption={intl.formatMessage({ id: 'admin.audit.caption' })}
            columns={columns}
            rows={data.data}
            meta={data.meta}
            sort={null}
            dir="desc"
            onSort={() => undefined}
            empty={intl.formatMessage({ id: 'admin.audit.empty' })}
            testId="admin-audit-table"
          />
        </div>
      ) : null}
    </section>
  );
}
