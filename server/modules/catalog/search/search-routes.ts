import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SearchQuery, SearchResult, SuggestQuery, SuggestResult, type SearchHit } from '../../../../shared/api/catalog-search';
import { catalogContext, pageMeta } from '../common/catalog-context';
import { catalogCards } from '../common/catalog-cards';
import { resultCache } from '../common/result-cache';
import { answerInSlices, type CategoryNames, type MatchSet, type SearchOutcome } from './match-set';
import { searchRepository } from './search-repository';
import { searchCards, withViewerMarks } from './search-hits';
import { searchTerms } from './search-terms';
import { productIndexFeed } from './product-index/product-index-feed';

const tags = ['catalog: search'];
/** Matches kept per process, all texts together: about 60 bytes each, so some 120 MB at most. */
const MATCH_ROWS_KEPT = 2_000_000;

const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const memoryIndex = app.config.searchIndex === 'memory';
  const repository = searchRepository(app.db, { memoryIndex });
  if (memoryIndex) {
    // The products' index loads in the background; searches ask the database until it is ready.
    app.addHook('onReady', async () => {
      const started = performance.now();
      const feed = productIndexFeed(app.db);
      feed
        .load()
        .then(
          () => app.log.info({ products: feed.index.size, ms: Math.round(performance.now() - started) }, 'search: products index loaded'),
          (err: unknown) => app.log.error({ err }, 'search: the products index did not load; searches ask the database'),
        );
    });
  }
  const cards = searchCards(app.db, catalogCards(app.db));
  // Three layers, each shared by every reader: the matches of a text (filters, facets, sorts and pages come from them
  // without the database), the category names of a language, and whole pages with their cards.
  const matchSets = resultCache<MatchSet>(app.db, { maxEntries: 500, weigh: (set) => set.size, maxWeight: MATCH_ROWS_KEPT });
  const categoryNames = resultCache<CategoryNames>(app.db);
  const pages = resultCache<Omit<SearchOutcome, 'hits'> & { data: SearchHit[] }>(app.db);
  const suggestions = resultCache<Awaited<ReturnType<typeof repository.suggest>>>(app.db);

  app.get(
    '/search',
    { schema: { tags, summary: 'Search products, services, businesses and ads, with filters and facet counts', querystring: SearchQuery, response: { 200: SearchResult } } },
    async (request) => {
      const query = request.query;
      const terms = searchTerms(query.q);
      const key = JSON.stringify([request.lang, terms.text, query.type, query.category_id, query.ad_category_id, query.price_min, query.price_max, query.discounted, query.rating_min, query.sort, query.page, query.per_page]);
      const ctx = catalogContext(request);
      // The outcome keeps its cards: a repeated search costs no query at all for a guest and only the viewer's marks otherwise.
      const outcome = await pages.through(key, async () => {
        const [matches, names] = await Promise.all([
          matchSets.through(terms.text, () => repository.matchSet(terms)),
          categoryNames.through(request.lang, () => repository.categoryNames(request.lang)),
        ]);
        const { hits, ...found } = await answerInSlices(matches, query, names);
        return { ...found, data: await cards.publicHits(hits, ctx) };
      });
      const data = await withViewerMarks(app.db, outcome.data, ctx.viewerId);
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
