import type { AdminUserDetail, AdminUserList, BulkResult } from '../../../shared/api/admin-users';
import type { Role } from '../../../shared/roles';
import { api } from '../../services/api';

/** The list's query as the URL holds it (empty values are left out of the call). */
export interface UsersListArgs {
  q: string;
  role: string;
  blocked: string;
  sort: string | null;
  dir: 'asc' | 'desc';
  page: number;
}

const unwrap = <T>(response: { data: T }) => response.data;
const LIST = { type: 'AdminUser' as const, id: 'LIST' };
const one = (id: number) => ({ type: 'AdminUser' as const, id });

/** The admin's users section (shared/api/admin-users.ts): find, look at one person, change a role, block and unblock. */
export const adminUsersApi = api.enhanceEndpoints({ addTagTypes: ['AdminUser', 'AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    adminUsers: build.query<AdminUserList, UsersListArgs>({
      query: ({ q, role, blocked, sort, dir, page }) => ({
        url: '/admin/users',
        params: { ...(q ? { q } : {}), ...(role ? { role } : {}), ...(blocked ? { blocked } : {}), ...(sort ? { sort, dir } : {}), page },
      }),
      providesTags: [LIST],
    }),
    adminUser: build.query<AdminUserDetail, number>({
      query: (id) => `/admin/users/${id}`,
      transformResponse: unwrap<AdminUserDetail>,
      providesTags: (_result, _error, id) => [one(id)],
    }),
    changeUserRole: build.mutation<AdminUserDetail, { id: number; role: Role }>({
      query: ({ id, role }) => ({ url: `/admin/users/${id}/role`, method: 'PUT', body: { role } }),
      transformResponse: unwrap<AdminUserDetail>,
      invalidatesTags: (_result, _error, { id }) => [one(id), LIST, 'AdminAudit'],
    }),
    blockUser: build.mutation<AdminUserDetail, { id: number; reason: string }>({
      query: ({ id, reason }) => ({ url: `/admin/users/${id}/block`, method: 'POST', body: { reason } }),
      transformResponse: unwrap<AdminUserDetail>,
      invalidatesTags: (_result, _error, { id }) => [one(id), LIST, 'AdminAudit'],
    }),
    unblockUser: build.mutation<AdminUserDetail, number>({
      query: (id) => ({ url: `/admin/users/${id}/unblock`, method: 'POST' }),
      transformResponse: unwrap<AdminUserDetail>,
      invalidatesTags: (_result, _error, id) => [one(id), LIST, 'AdminAudit'],
    }),
    blockUsers: build.mutation<BulkResult, { ids: number[]; reason: string }>({
      query: (body) => ({ url: '/admin/users/block', method: 'POST', body }),
      transformResponse: unwrap<BulkResult>,
      invalidatesTags: (_result, _error, { ids }) => [LIST, 'AdminAudit', ...ids.map(one)],
    }),
    unblockUsers: build.mutation<BulkResult, { ids: number[] }>({
      query: (body) => ({ url: '/admin/users/unblock', method: 'POST', body }),
      transformResponse: unwrap<BulkResult>,
      invalidatesTags: (_result, _error, { ids }) => [LIST, 'AdminAudit', ...ids.map(one)],
    }),
  }),
});

export const {
  useAdminUsersQuery,
  useAdminUserQuery,
  useChangeUserRoleMutation,
  useBlockUserMutation,
  useUnblockUserMutation,
  useBlockUsersMutation,
  useUnblockUsersMutation,
} = adminUsersApi;
