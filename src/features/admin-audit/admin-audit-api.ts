import type { AuditList } from '../../../shared/api/admin-users';
import { api } from '../../services/api';

/** The audit log's query as the URL holds it; empty values are left out of the call. */
export type AuditArgs = Record<'actor_id' | 'action' | 'target_type' | 'target_id' | 'from' | 'to', string> & { page: number };

/** The audit log (admins): `GET /v1/admin/audit`; every admin action invalidates the `AdminAudit` tag. */
export const adminAuditApi = api.enhanceEndpoints({ addTagTypes: ['AdminAudit'] }).injectEndpoints({
  endpoints: (build) => ({
    adminAudit: build.query<AuditList, AuditArgs>({
      query: ({ page, ...filters }) => ({
        url: '/admin/audit',
        params: { ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '')), page },
      }),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const { useAdminAuditQuery } = adminAuditApi;
