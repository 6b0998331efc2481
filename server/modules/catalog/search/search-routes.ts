import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SearchQuery, SearchResult, SuggestQuery, SuggestResult, type SearchHit } from '../../../../shared/api/catalog-search';
import { catalogContext, pageMeta } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { resultCache } from '../common/result-cache';
import { searchRepository, type SearchOutcome } from './search-repository';
import { searchTerms } from './search-terms';

const tags = ['catalog: search'];

const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const repository = searchRepository(app.db);
  const cards = catalogCards(app.db);
  const outcomes = resultCache<SearchOutcome>(app.db);
  const suggestions = resultCache<Awaited<ReturnType<typeof repository.suggest>>>(app.db);

  app.get(
    '/search',
    { schema: { tags, summary: 'Search products, services, businesses and ads, with filters and facet counts', querystring: SearchQuery, response: { 200: SearchResult } } },
    async (request) => {
      const query = request.query;
      const terms = searchTerms(query.q);
      const key = JSON.stringify([request.lang, terms.text, query.type, query.category_id, query.ad_category_id, query.price_min, query.price_max, query.discounted, query.rating_min, query.sort, query.page, query.per_page]);
      const outcome = await outcomes.through(key, () => repository.search(terms, query, request.lang));
      const ctx = catalogContext(request);
      const idsOf = (...types: string[]) => outcome.hits.filter((hit) => types.includes(hit.type)).map((hit) => hit.id);
      const [productMap, businessMap, adMap] = await Promise.all([
        cards.productCards(idsOf('product', 'service'), ctx),
        cards.businessCards(idsOf('business'), ctx),
        cards.adCards(idsOf('ad'), ctx),
      ]);
      const data: SearchHit[] = outcome.hits.map((hit) => ({
        type: hit.type,
        id: hit.id,
        product: ((hit.type === 'product' || hit.type === 'service') && productMap.get(hit.id)) || null,
        business: (hit.type === 'business' && businessMap.get(hit.id)) || null,
        ad: (hit.type === 'ad' && adMap.get(hit.id)) || null,
      }));
      return {
        data,
        meta: { ...pageMeta(query.page, query.per_page, outcome.total), q: terms.text, sort: outcome.sort, facets: outcome.facets },
      };
    },
  );

  app.get(
    '/search/suggest',
    { schema: { tags, summary: 'A few names as one types', querystring: SuggestQuery, response: { 200: SuggestResult } } },
    async (request) => {
      const terms = searchTerms(request.query.q);
      const limit = request.query.limit ?? 8;
      return { data: await suggestions.through(JSON.stringify([request.lang, terms.text, limit]), () => repository.suggest(terms, limit, request.lang)) };
    },
  );
};

export default searchRoutes;
