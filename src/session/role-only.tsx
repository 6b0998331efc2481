import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { UserResource } from '../../shared/api/users';
import type { Role } from '../../shared/roles';
import { ApiErrorText } from '../components/api-error-text';
import { PageLoading } from '../components/page-loading';
import { useProfileQuery } from './profile-api';

export const hasRole = (user: Pick<UserResource, 'role'> | undefined, roles: readonly Role[]) => user !== undefined && roles.includes(user.role);

/**
 * A screen for some roles only: anyone else is sent to `otherwise`. The API refuses them as well;
 * this spares them a page of errors.
 */
export function RoleOnly({ roles, otherwise = '/home', children }: { roles: readonly Role[]; otherwise?: string; children: ReactNode | ((user: UserResource) => ReactNode) }) {
  const { data: user, error, isLoading } = useProfileQuery();
  if (isLoading) return <PageLoading />;
  if (!user) return <ApiErrorText error={error} />;
  if (!hasRole(user, roles)) return <Navigate to={otherwise} replace />;
  return <>{typeof children === 'function' ? children(user) : children}</>;
}
