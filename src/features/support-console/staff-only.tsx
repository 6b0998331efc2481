import type { ReactNode } from 'react';
import type { UserResource } from '../../../shared/api/users';
import { STAFF_ROLES } from '../../../shared/roles';
import { hasRole, RoleOnly } from '../../session/role-only';

export const isStaff = (user: Pick<UserResource, 'role'> | undefined) => hasRole(user, STAFF_ROLES);

/** Staff see the console; anyone else is sent to the home page. */
export function StaffOnly({ children }: { children: (user: UserResource) => ReactNode }) {
  return <RoleOnly roles={STAFF_ROLES}>{children}</RoleOnly>;
}
