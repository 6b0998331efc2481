import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ADMIN_STAFF, sectionPath, sectionsFor } from '../../../shared/admin/sections';
import { PageTitle } from '../../components/page-title';
import { RoleOnly } from '../../session/role-only';
import { useAdminCountsQuery } from '../../staff/admin-counts-api';
import '../../staff/staff-shell.css';

/** `/admin`: every section this person's role may use, with what waits in each, as the area's front page. */
export default function AdminHomePage() {
  return <RoleOnly roles={ADMIN_STAFF}>{(user) => <AdminHome sections={sectionsFor(user.role)} />}</RoleOnly>;
}

function AdminHome({ sections }: { sections: ReturnType<typeof sectionsFor> }) {
  const intl = useIntl();
  const { data: counts } = useAdminCountsQuery(undefined, { pollingInterval: 60_000 });
  return (
    <section className="admin-home" data-testid="admin-home">
      <PageTitle id="admin.home.title" />
      <ul className="admin-home-sections">
        {sections.map((section) => (
          <li key={section.key}>
            <Link to={sectionPath(section)} data-testid={`admin-home-${section.key}`}>
              {intl.formatMessage({ id: `admin.section.${section.key}` })}
            </Link>
            {section.counted ? <span className="muted">{intl.formatMessage({ id: 'admin.shell.waiting' }, { count: counts?.[section.key] ?? 0 })}</span> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
