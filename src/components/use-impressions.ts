import { useCallback, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import type { StatItemKind } from '../../shared/promotion/subscription-machine';
import type { ApiState } from '../services/api';
import { recordImpression, whenSeen } from '../services/impressions';

/**
 * The page of a product, ad or store counts a page view for its seller's statistics once it has
 * rendered (an effect: after the first paint, never during it). `id` undefined while it loads.
 */
export function usePageImpression(kind: StatItemKind, id: number | undefined): void {
  const store = useStore();
  useEffect(() => {
    if (id) recordImpression({ kind, id, view: 'page' }, () => store.getState() as ApiState);
  }, [kind, id, store]);
}

/**
 * A card in a list: returns the ref for its root element; the card counts a list view the first
 * time half of it is on screen (one shared IntersectionObserver watches every card).
 */
export function useListImpression(kind: StatItemKind, id: number): (element: Element | null) => void {
  const store = useStore();
  const unwatch = useRef<(() => void) | null>(null);
  useEffect(() => () => unwatch.current?.(), []);
  return useCallback(
    (element: Element | null) => {
      unwatch.current?.();
      unwatch.current = element ? whenSeen(element, () => recordImpression({ kind, id, view: 'list' }, () => store.getState() as ApiState)) : null;
    },
    [kind, id, store],
  );
}
