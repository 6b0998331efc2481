import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { UserResource } from '../../../shared/api/users';
import { STAFF_ROLES } from '../../../shared/roles';
import { ApiErrorText } from '../../components/api-error-text';
import { PageLoading } from '../../components/page-loading';
import { useProfileQuery } from '../profile/profile-api';

export const isStaff = (user: Pick<UserResource, 'role'> | undefined) => user !== undefined && STAFF_ROLES.includes(user.role);

/** Staff see the console; anyone else is sent to the home page (the API refuses them as well). */
export function StaffOnly({ children }: { children: (user: UserResource) => ReactNode }) {
  const { data: user, error, isLoading } = useProfileQuery();
  if (isLoading) return <PageLoading />;
  if (!user) return <ApiErrorText error={error} />;
  if (!isStaff(user)) return <Navigate to="/home" replace />;
  return <>{children(user)}</>;
}
