import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ProductCategoryResource } from '../../../../shared/api/catalog-businesses';
import { flagOn } from '../../../../shared/api/catalog-common';
import { CategoryBody, CategoryList, CategoryListQuery } from '../../../../shared/api/catalog-products';
import { DataEnvelope, IdParams } from '../../../../shared/api/envelope';
import { categorySchema, categoryUpdateSchema } from '../../../../shared/validation/catalog-category';
import { forbidden, notFound, unauthenticated } from '../../../lib/http-error';
import { validateShared } from '../../../lib/shared-schema';
import { currentUser } from '../../../plugins/authentication';
import { businessesRepository } from '../businesses/businesses-repository';
import { ownedReferences } from '../common/owned-references';
import { categoriesRepository, toCategoryResource } from './categories-repository';

const tags = ['catalog: product categories'];

/** A business's product categories: anyone reads them; only the business owner changes them. */
const categoriesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = categoriesRepository(app.db);
  const references = ownedReferences(app.db);
  const businessesRepo = businessesRepository(app.db);

  const ownedCategory = async (userId: number, id: number) => {
    const found = await repository.find(id);
    if (!found) throw notFound();
    if (found.ownerId !== userId) throw forbidden();
    return found.category;
  };

  app.get(
    '/categories',
    { schema: { tags, summary: 'Product categories of a business (`business_id`) or of all my businesses (`mine=1`)', querystring: CategoryListQuery, response: { 200: CategoryList } } },
    async (request) => {
      const { business_id: businessId } = request.query;
      if (flagOn(request.query.mine)) {
        if (!request.user) throw unauthenticated();
        return { data: await repository.list(await businessesRepo.idsOwnedBy(request.user.id), request.lang, true) };
      }
      if (!businessId) return { data: [] };
      const business = await businessesRepo.find(businessId);
      if (!business) throw notFound();
      return { data: await repository.list([businessId], request.lang, business.ownerId === request.user?.id) };
    },
  );

  app.get(
    '/categories/:id',
    { schema: { tags, summary: 'One product category', params: IdParams, response: { 200: DataEnvelope(ProductCategoryResource) } } },
    async (request) => {
      const found = await repository.find(request.params.id);
      if (!found) throw notFound();
      return { data: toCategoryResource(found.category, request.lang, await repository.productCount(found.category.id)) };
    },
  );

  app.post(
    '/categories',
    { preHandler: app.authenticate, schema: { tags, summary: 'Create a product category in my business', body: CategoryBody, response: { 201: DataEnvelope(ProductCategoryResource) } } },
    async (request, reply) => {
      const user = currentUser(request);
      const input = await validateShared(categorySchema, request.body);
      await references.ownBusiness(user.id, input.business_id);
      const category = await repository.create({ businessId: input.business_id, name: input.name, nameEn: input.name_en ?? null, position: input.position });
      return reply.status(201).send({ data: toCategoryResource(category, request.lang, 0) });
    },
  );

  app.post(
    '/categories/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Rename or reorder my product category', params: IdParams, body: CategoryBody, response: { 200: DataEnvelope(ProductCategoryResource) } } },
    async (request) => {
      const user = currentUser(request);
      await ownedCategory(user.id, request.params.id);
      const input = await validateShared(categoryUpdateSchema, request.body);
      const category = await repository.update(request.params.id, { name: input.name, nameEn: input.name_en ?? null, position: input.position });
      return { data: toCategoryResource(category, request.lang, await repository.productCount(category.id)) };
    },
  );

  app.delete(
    '/categories/:id',
    { preHandler: app.authenticate, schema: { tags, summary: 'Delete my product category (its products stay, uncategorised)', params: IdParams } },
    async (request, reply) => {
      await ownedCategory(currentUser(request).id, request.params.id);
      await repository.remove(request.params.id);
      return reply.status(204).send();
    },
  );
};

export default categoriesRoutes;
