import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * React's `lazy` for a component a module exports by name (lazy itself takes a default export): a part
 * only some people use (a staff editor, a composer) becomes a chunk loaded when it is first drawn.
 */
export function lazyNamed<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
