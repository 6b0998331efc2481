import type { FavoriteType } from '../../../shared/api/catalog-values';

/** A favorite or subscription state to show wherever the item appears. */
export interface CatalogToggle {
  kind: 'favorite' | 'subscription';
  type: FavoriteType;
  id: number;
  value: boolean;
  /** The server's count after the change; left as it is while the call is under way. */
  count?: number | null;
}

type Node = Record<string, unknown>;

/** The resources share ids across types, so each is told apart by a field only it has. */
const IS_TYPE: Record<FavoriteType, (node: Node) => boolean> = {
  product: (node) => 'final_price' in node,
  ad: (node) => 'title' in node && 'location' in node,
  business: (node) => 'subscribers_count' in node,
  user: (node) => 'ads_count' in node,
};

/** Sets the mark (and count) on every matching resource inside a cached answer, in place (an immer draft). */
export function applyToggle(tree: unknown, toggle: CatalogToggle): void {
  if (Array.isArray(tree)) {
    tree.forEach((child) => applyToggle(child, toggle));
    return;
  }
  if (typeof tree !== 'object' || tree === null) return;
  const node = tree as Node;
  if (node.id === toggle.id && IS_TYPE[toggle.type](node)) {
    if (toggle.kind === 'favorite' && 'is_favorite' in node) {
      const before = node.is_favorite === true;
      node.is_favorite = toggle.value;
      if (typeof node.favorites_count === 'number') {
        node.favorites_count = toggle.count ?? Math.max(0, node.favorites_count + (toggle.value === before ? 0 : toggle.value ? 1 : -1));
      }
    }
    if (toggle.kind === 'subscription' && 'is_subscribed' in node) {
      const before = node.is_subscribed === true;
      node.is_subscribed = toggle.value;
      if (typeof node.subscribers_count === 'number') {
        node.subscribers_count = toggle.count ?? Math.max(0, node.subscribers_count + (toggle.value === before ? 0 : toggle.value ? 1 : -1));
      }
    }
  }
  for (const value of Object.values(node)) if (typeof value === 'object' && value !== null) applyToggle(value, toggle);
}
