import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminSection } from '../../../shared/admin/sections';
import { AuditList, AuditQuery } from '../../../shared/api/admin-users';
import { msg } from '../../../shared/validation/message';
import { validationFailed } from '../../lib/http-error';
import { adminAuditRepository, dayStart } from './admin-audit-repository';

/** The audit log (issue 17 item 2): every admin action, who, what, on what, when, before and after. Admins only. */
const adminAuditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = adminAuditRepository(app.db);

  app.get(
    '/admin/audit',
    {
      preHandler: app.requireRole(...adminSection('audit').roles),
      schema: {
        tags: ['admin: audit'],
        summary: 'The audit log, newest first, filtered by actor, action, target and days (UTC, both included)',
        querystring: AuditQuery,
        response: { 200: AuditList },
      },
    },
    async (request) => {
      const query = request.query;
      const from = query.from ? dayStart(query.from) : null;
      const to = query.to ? dayStart(query.to) : null;
      const errors: Record<string, ReturnType<typeof msg>[]> = {};
      if (query.from && !from) errors.from = [msg('admin.audit.errors.day')];
      if (query.to && !to) errors.to = [msg('admin.audit.errors.day')];
      if (from && to && from > to) errors.to = [msg('admin.audit.errors.range')];
      if (Object.keys(errors).length) throw validationFailed(errors);
      const { rows, total } = await repository.page(query, from, to);
      return { data: rows, meta: { current_page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) } };
    },
  );
};

export default adminAuditRoutes;
