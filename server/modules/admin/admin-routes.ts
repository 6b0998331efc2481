import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_STAFF, sectionsFor } from '../../../shared/admin/sections';
import { AdminCounts } from '../../../shared/api/admin';
import { DataEnvelope } from '../../../shared/api/envelope';
import { currentUser } from '../../plugins/authentication';
import { WAITING_COUNTERS } from './waiting-counters';

/** The admin shell's calls (issue 17); each section's own calls live in its module. */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin/counts',
    {
      preHandler: app.requireRole(...ADMIN_STAFF),
      schema: { tags: ['admin'], summary: 'Waiting items of each admin section the caller may use', response: { 200: DataEnvelope(AdminCounts) } },
    },
    async (request) => {
      const counted = sectionsFor(currentUser(request).role).filter((section) => section.counted && WAITING_COUNTERS[section.key]);
      const values = await Promise.all(counted.map((section) => WAITING_COUNTERS[section.key]!(app.db)));
      return { data: Object.fromEntries(counted.map((section, at) => [section.key, values[at]])) };
    },
  );
};

export default adminRoutes;
