import type { SearchHit } from '../../../../shared/api/catalog-search';
import type { Db } from '../../../db/client';
import type { CatalogCards } from '../common/catalog-cards';
import type { CatalogContext } from '../common/catalog-context';
import { resultCache } from '../common/result-cache';
import { favoriteIdsOf, subscribedIdsOf } from '../common/viewer-marks';
import type { SearchOutcome } from './match-set';

type Card = NonNullable<SearchHit['product'] | SearchHit['business'] | SearchHit['ad']>;
type CardKind = 'product' | 'business' | 'ad';
const kindOf = (type: SearchHit['type']): CardKind => (type === 'service' ? 'product' : type);

/**
 * The cards of search hits as anyone sees them (no viewer marks), kept per
 * language like the search outcomes: refining a search (a filter, another sort,
 * the next page) mostly shows cards already built, so it needs no query at all.
 */
export function searchCards(db: Db, cards: CatalogCards) {
  const kept = resultCache<Card | undefined>(db, { maxEntries: 20_000 });

  async function load(kind: CardKind, ids: number[], anyone: CatalogContext): Promise<Map<number, Card>> {
    if (kind === 'product') return cards.productCards(ids, anyone);
    if (kind === 'business') return cards.businessCards(ids, anyone);
    return cards.adCards(ids, anyone);
  }

  return {
    async publicHits(hits: SearchOutcome['hits'], ctx: CatalogContext): Promise<SearchHit[]> {
      const anyone: CatalogContext = { ...ctx, viewerId: null };
      const keyOf = (kind: CardKind, id: number) => `${ctx.lang}:${kind}:${id}`;
      const keys = hits.map((hit) => keyOf(kindOf(hit.type), hit.id));
      const found = await kept.throughMany(keys, async (missing) => {
        const wanted = new Set(missing);
        const idsByKind = new Map<CardKind, number[]>();
        hits.forEach((hit, i) => {
          if (!wanted.has(keys[i])) return;
          const kind = kindOf(hit.type);
          idsByKind.set(kind, [...(idsByKind.get(kind) ?? []), hit.id]);
        });
        const loaded = await Promise.all([...idsByKind].map(async ([kind, ids]) => [kind, await load(kind, ids, anyone)] as const));
        const byKey = new Map<string, Card>();
        for (const [kind, map] of loaded) for (const [id, card] of map) byKey.set(keyOf(kind, id), card);
        return byKey;
      });
      return hits.map((hit, i) => {
        const kind = kindOf(hit.type);
        const card = found[i] ?? null;
        return {
          type: hit.type,
          id: hit.id,
          product: kind === 'product' ? ((card as SearchHit['product']) ?? null) : null,
          business: kind === 'business' ? ((card as SearchHit['business']) ?? null) : null,
          ad: kind === 'ad' ? ((card as SearchHit['ad']) ?? null) : null,
        };
      });
    },
  };
}

/** The viewer's own favorites and subscriptions marked on shared hits (copies; a guest gets them as they are). */
export async function withViewerMarks(db: Db, hits: SearchHit[], viewerId: number | null): Promise<SearchHit[]> {
  if (!viewerId || !hits.length) return hits;
  const idsOf = (pick: (hit: SearchHit) => number | undefined) => hits.flatMap((hit) => (pick(hit) === undefined ? [] : [pick(hit) as number]));
  const businessIds = idsOf((hit) => hit.business?.id);
  const [products, businesses, subscribed, ads] = await Promise.all([
    favoriteIdsOf(db, viewerId, 'product', idsOf((hit) => hit.product?.id)),
    favoriteIdsOf(db, viewerId, 'business', businessIds),
    subscribedIdsOf(db, viewerId, businessIds),
    favoriteIdsOf(db, viewerId, 'ad', idsOf((hit) => hit.ad?.id)),
  ]);
  return hits.map((hit) => ({
    ...hit,
    product: hit.product && { ...hit.product, is_favorite: products.has(hit.product.id) },
    business: hit.business && { ...hit.business, is_favorite: businesses.has(hit.business.id), is_subscribed: subscribed.has(hit.business.id) },
    ad: hit.ad && { ...hit.ad, is_favorite: ads.has(hit.ad.id) },
  }));
}
