import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { adminSection } from '../../../shared/admin/sections';
import {
  AdminCategory,
  AdminCategoryCreateBody,
  AdminCategoryListQuery,
  AdminCategoryMergeBody,
  AdminCategoryMergeResult,
  AdminCategoryOrderBody,
  AdminCategoryParams,
  AdminCategoryPatch,
} from '../../../shared/api/admin-categories';
import { DataEnvelope } from '../../../shared/api/envelope';
import { categoryCreateSchema, categoryFieldsSchema, categoryMergeSchema } from '../../../shared/validation/admin-categories';
import { notFound } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { categoriesAdmin } from './categories-admin';

const tags = ['admin: categories'];

/** Ad and business categories for admins (shared/api/admin-categories.ts lists the calls). */
const adminCategoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admins = app.requireRole(...adminSection('categories').roles);
  const categories = categoriesAdmin(app.db);

  app.get(
    '/admin/categories',
    { preHandler: admins, schema: { tags, summary: 'The categories of one type in their order, with how many items use each', querystring: AdminCategoryListQuery, response: { 200: DataEnvelope(Type.Array(AdminCategory)) } } },
    async (request) => ({ data: await categories.list(request.query.type) }),
  );

  app.post(
    '/admin/categories',
    { preHandler: admins, schema: { tags, summary: 'A new category (names in both languages, icon; kind for business ones); its slug comes from the English name', body: AdminCategoryCreateBody, response: { 201: DataEnvelope(AdminCategory) } } },
    async (request, reply) => {
      const input = await validateShared(categoryCreateSchema, request.body);
      return reply.status(201).send({ data: await categories.create(input, currentUser(request).id) });
    },
  );

  app.put(
    '/admin/categories/order',
    { preHandler: admins, schema: { tags, summary: 'The new order of one type (of one kind for business categories), every category once; 409 when it changed meanwhile', body: AdminCategoryOrderBody, response: { 200: DataEnvelope(Type.Array(AdminCategory)) } } },
    async (request) => {
      const { type, kind, ids } = request.body;
      return { data: await categories.reorder(type, type === 'business' ? (kind ?? null) : null, ids, currentUser(request).id) };
    },
  );

  app.patch(
    '/admin/categories/:type/:id',
    { preHandler: admins, schema: { tags, summary: 'New names or icon of a category (the kind never changes)', params: AdminCategoryParams, body: AdminCategoryPatch, response: { 200: DataEnvelope(AdminCategory) } } },
    async (request) => {
      const { type, id } = request.params;
      const existing = await categories.get(type, id);
      if (!existing) throw notFound();
      const input = await validateShared(categoryFieldsSchema, { name: existing.name, name_en: existing.name_en ?? '', icon: existing.icon, ...request.body });
      return { data: await categories.update(type, id, input, currentUser(request).id) };
    },
  );

  app.delete(
    '/admin/categories/:type/:id',
    { preHandler: admins, schema: { tags, summary: 'Delete an unused category (409 when ads or businesses use it: merge it instead)', params: AdminCategoryParams } },
    async (request, reply) => {
      await categories.remove(request.params.type, request.params.id, currentUser(request).id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/admin/categories/:type/:id/merge',
    { preHandler: admins, schema: { tags, summary: 'Move every ad or business to another category of the same type and kind, and delete this one', params: AdminCategoryParams, body: AdminCategoryMergeBody, response: { 200: DataEnvelope(AdminCategoryMergeResult) } } },
    async (request) => {
      const { type, id } = request.params;
      const input = await validateShared(categoryMergeSchema(id), request.body);
      return { data: await categories.merge(type, id, input.target_id, currentUser(request).id) };
    },
  );
};

export default adminCategoriesRoutes;
