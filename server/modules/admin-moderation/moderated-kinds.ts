import type { AuditTarget } from '../../../shared/admin/audit-actions';
import type { ModeratedKind } from '../../../shared/moderation/moderation-values';

/**
 * How each moderated kind is stored: its table, how to reach its owner, its name column and the
 * screen a buyer opens it on. The three tables carry the same moderation columns (migration 0026),
 * so one set of hand-written statements serves them all.
 */
export interface KindStore {
  table: 'businesses' | 'ads' | 'products';
  /** An expression of the owner's id over the row aliased `t` (with `ob`, the product's business, joined). */
  owner: string;
  join: string;
  name: string;
  nameEn: string;
  target: AuditTarget;
  /** The route name (shared/routes.ts) of the item's public page. */
  screen: 'store' | 'ad' | 'product';
}

export const KIND_STORES: Record<ModeratedKind, KindStore> = {
  businesses: { table: 'businesses', owner: 't.owner_id', join: '', name: 'name', nameEn: 'name_en', target: 'business', screen: 'store' },
  ads: { table: 'ads', owner: 't.user_id', join: '', name: 'title', nameEn: 'title_en', target: 'ad', screen: 'ad' },
  products: { table: 'products', owner: 'ob.owner_id', join: 'join businesses ob on ob.id = t.business_id', name: 'name', nameEn: 'name_en', target: 'product', screen: 'product' },
};
