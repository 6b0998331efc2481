import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router';
import { OLYMPIAD_EDITORS } from '../../../../shared/roles';
import { PageTitle } from '../../../components/page-title';
import { RoleOnly } from '../../../session/role-only';
import { SignedInOnly } from '../components/signed-in-only';
import { TestsFrame } from '../components/tests-frame';

const SECTIONS = [
  { to: '/olympiad/staff/tests', id: 'olympiadTests.ui.staff.tests' },
  { to: '/olympiad/staff/import', id: 'olympiadTests.ui.staff.import' },
  { to: '/olympiad/staff/grading', id: 'olympiadTests.ui.staff.grading' },
  { to: '/olympiad/staff/final-results', id: 'olympiadTests.ui.staff.final' },
];

/** The staff pages of the olympiad's tests (admin, moderator); anyone else goes to the tests list. */
export function StaffFrame({ titleId, titleValues, children }: { titleId: string; titleValues?: Record<string, string | number>; children: ReactNode }) {
  const intl = useIntl();
  return (
    <SignedInOnly>
      <RoleOnly roles={OLYMPIAD_EDITORS} otherwise="/olympiad/tests">
      <TestsFrame>
        <div className="staff-page">
          <nav className="staff-nav" aria-label={intl.formatMessage({ id: 'olympiadTests.ui.staff.title' })}>
            <ul>
              {SECTIONS.map((section) => (
                <li key={section.to}>
                  <NavLink to={section.to}>
                    {intl.formatMessage({ id: section.id })}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <PageTitle id={titleId} values={titleValues} />
          {children}
        </div>
      </TestsFrame>
      </RoleOnly>
    </SignedInOnly>
  );
}
