import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { DataEnvelope, IdParams } from '../../../../shared/api/envelope';
import { SearchSynonymBody, SearchSynonymPatch, SearchSynonymResource } from '../../../../shared/api/search-synonyms';
import { SEARCH_EDITORS } from '../../../../shared/roles';
import { searchSynonymSchema } from '../../../../shared/validation/search-synonyms';
import { searchSynonyms, type SearchSynonym } from '../../../db/schema';
import { notFound } from '../../../lib/http-error';
import { iso } from '../../../lib/serialize';
import { validateShared } from '../../../lib/shared-schema';
import { catalogChanged } from '../common/catalog-changes';

const tags = ['catalog: search'];

const toResource = (row: SearchSynonym): SearchSynonymResource => ({
  id: row.id,
  terms: row.terms,
  expansions: row.expansions,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/**
 * The synonym list search expands queries with, kept by admins and moderators.
 * A change applies to the next search at once, in this process and the others
 * (kept results are dropped with the catalogue's generation, catalog-changes.ts).
 */
const synonymsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const editors = app.requireRole(...SEARCH_EDITORS);
  const db = app.db;

  app.get(
    '/search/synonyms',
    { preHandler: editors, schema: { tags, summary: 'The search synonym list (staff)', response: { 200: DataEnvelope(Type.Array(SearchSynonymResource)) } } },
    async () => ({ data: (await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.id))).map(toResource) }),
  );

  app.post(
    '/search/synonyms',
    { preHandler: editors, schema: { tags, summary: 'Add a row to the synonym list (staff)', body: SearchSynonymBody, response: { 201: DataEnvelope(SearchSynonymResource) } } },
    async (request, reply) => {
      const input = await validateShared(searchSynonymSchema, request.body);
      const [row] = await db.insert(searchSynonyms).values({ terms: input.terms, expansions: input.expansions }).returning();
      catalogChanged(db);
      return reply.status(201).send({ data: toResource(row) });
    },
  );

  app.patch(
    '/search/synonyms/:id',
    { preHandler: editors, schema: { tags, summary: 'Change a row of the synonym list (staff)', params: IdParams, body: SearchSynonymPatch, response: { 200: DataEnvelope(SearchSynonymResource) } } },
    async (request) => {
      const [existing] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, request.params.id));
      if (!existing) throw notFound();
      const input = await validateShared(searchSynonymSchema, { terms: existing.terms, expansions: existing.expansions, ...request.body });
      const [row] = await db.update(searchSynonyms).set({ terms: input.terms, expansions: input.expansions }).where(eq(searchSynonyms.id, existing.id)).returning();
      catalogChanged(db);
      return { data: toResource(row) };
    },
  );

  app.delete(
    '/search/synonyms/:id',
    { preHandler: editors, schema: { tags, summary: 'Remove a row of the synonym list (staff)', params: IdParams } },
    async (request, reply) => {
      const removed = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, request.params.id)).returning({ id: searchSynonyms.id });
      if (!removed.length) throw notFound();
      catalogChanged(db);
      return reply.status(204).send();
    },
  );
};

export default synonymsRoutes;
