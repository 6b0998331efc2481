import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMINS, adminSection } from '../../../shared/admin/sections';
import {
  AdminUserDetail,
  AdminUserList,
  AdminUsersQuery,
  BlockBody,
  BulkBlockBody,
  BulkResult,
  BulkUnblockBody,
  RoleChangeBody,
} from '../../../shared/api/admin-users';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import type { Role } from '../../../shared/roles';
import { blockUserSchema, bulkBlockSchema, bulkUnblockSchema, roleChangeSchema } from '../../../shared/validation/admin-users';
import { notFound } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { adminUsersRepository } from './admin-users-repository';
import { adminUsersService } from './admin-users-service';

const tags = ['admin: users'];

/** The admin's users section (issue 17 item 2; contract in shared/api/admin-users.ts). */
const adminUsersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = adminUsersRepository(app.db);
  const service = adminUsersService(app.db, app.publisher);
  const staff = app.requireRole(...adminSection('users').roles);
  const admins = app.requireRole(...ADMINS);

  const detail = async (id: number) => {
    const user = await repository.byId(id);
    if (!user) throw notFound();
    return { data: await repository.detail(user) };
  };

  app.get(
    '/admin/users',
    {
      preHandler: staff,
      schema: { tags, summary: 'Find people by name, e-mail, phone or id; filter by role and block; sort; page', querystring: AdminUsersQuery, response: { 200: AdminUserList } },
    },
    async (request) => {
      const query = request.query;
      const { rows, total } = await repository.search(query);
      return { data: rows, meta: { current_page: query.page, per_page: query.per_page, total, last_page: Math.max(1, Math.ceil(total / query.per_page)) } };
    },
  );

  app.get(
    '/admin/users/:id',
    {
      preHandler: staff,
      schema: { tags, summary: 'One person with their businesses, ads, orders, chats count and live sessions', params: IdParams, response: { 200: DataEnvelope(AdminUserDetail) } },
    },
    async (request) => detail(request.params.id),
  );

  app.put(
    '/admin/users/:id/role',
    {
      preHandler: admins,
      schema: { tags, summary: 'Change a role (admins only); 409 when it would leave no admin', params: IdParams, body: RoleChangeBody, response: { 200: DataEnvelope(AdminUserDetail) } },
    },
    async (request) => {
      const input = await validateShared(roleChangeSchema, request.body);
      await service.changeRole(currentUser(request), request.params.id, input.role as Role);
      return detail(request.params.id);
    },
  );

  app.post(
    '/admin/users/:id/block',
    {
      preHandler: staff,
      schema: {
        tags,
        summary: 'Block with a reason: every token revoked, realtime connections closed; not oneself, not an admin (moderators), never the last admin',
        params: IdParams,
        body: BlockBody,
        response: { 200: DataEnvelope(AdminUserDetail) },
      },
    },
    async (request) => {
      const input = await validateShared(blockUserSchema, request.body);
      await service.block(currentUser(request), request.params.id, input.reason);
      return detail(request.params.id);
    },
  );

  app.post(
    '/admin/users/:id/unblock',
    { preHandler: staff, schema: { tags, summary: 'Unblock: they may sign in again', params: IdParams, response: { 200: DataEnvelope(AdminUserDetail) } } },
    async (request) => {
      await service.unblock(currentUser(request), request.params.id);
      return detail(request.params.id);
    },
  );

  app.post(
    '/admin/users/block',
    {
      preHandler: staff,
      schema: { tags, summary: 'Block the chosen people with one reason, all or nothing; those already blocked stay as they are', body: BulkBlockBody, response: { 200: DataEnvelope(BulkResult) } },
    },
    async (request) => {
      const input = await validateShared(bulkBlockSchema, request.body);
      return { data: { changed: await service.blockMany(currentUser(request), input.ids, input.reason) } };
    },
  );

  app.post(
    '/admin/users/unblock',
    { preHandler: staff, schema: { tags, summary: 'Unblock the chosen people, all or nothing', body: BulkUnblockBody, response: { 200: DataEnvelope(BulkResult) } } },
    async (request) => {
      const input = await validateShared(bulkUnblockSchema, request.body);
      return { data: { changed: await service.unblockMany(currentUser(request), input.ids) } };
    },
  );
};

export default adminUsersRoutes;
