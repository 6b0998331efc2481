import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { adminSection, sectionPath, sectionsFor, type AdminSectionKey } from '../../shared/admin/sections';
import type { UserResource } from '../../shared/api/users';
import { RoleOnly } from '../session/role-only';
import { useAdminCountsQuery } from './admin-counts-api';
import './staff-shell.css';

/**
 * The admin area's one layout (issue 17): the sections this person's role may use, each with its
 * count of waiting items, and the section's screen beside them. Someone without the section's
 * role is sent to the first section they may use (the API refuses them as well).
 */
export function StaffShell({ section, children }: { section: AdminSectionKey; children: ReactNode | ((user: UserResource) => ReactNode) }) {
  return (
    <RoleOnly roles={adminSection(section).roles}>
      {(user) => (
        <div className="staff-shell">
          <StaffNav user={user} current={section} />
          <div className="staff-shell-main" data-testid={`admin-section-${section}`}>
            {typeof children === 'function' ? children(user) : children}
          </div>
        </div>
      )}
    </RoleOnly>
  );
}

function StaffNav({ user, current }: { user: UserResource; current: AdminSectionKey }) {
  const intl = useIntl();
  const { data: counts } = useAdminCountsQuery(undefined, { pollingInterval: 60_000 });
  return (
    <nav className="staff-shell-nav" aria-label={intl.formatMessage({ id: 'admin.shell.nav' })}>
      <ul>
        {sectionsFor(user.role).map((section) => {
          const waiting = counts?.[section.key] ?? 0;
          const name = intl.formatMessage({ id: `admin.section.${section.key}` });
          return (
            <li key={section.key}>
              <NavLink to={sectionPath(section)} aria-current={section.key === current ? 'page' : undefined} data-testid={`admin-nav-${section.key}`}>
                <span>{name}</span>
                {waiting > 0 ? (
                  <span className="staff-shell-count" aria-label={intl.formatMessage({ id: 'admin.shell.waiting' }, { count: waiting })} data-testid={`admin-count-${section.key}`}>
                    {waiting}
                  </span>
                ) : null}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
