import { useLayoutEffect, useRef, type RefObject } from 'react';
import { focusHeadingWhenShown } from './focus-heading';

/**
 * After a change of `key` (the route's path: a link followed, a test started, finished or closed by its
 * clock), the focus goes to the new content's heading inside `root`. Not on the first page load, where
 * the browser starts from the top (and the skip link); not on query changes (a filter ticked on the same
 * screen keeps the focus where it is).
 */
export function useHeadingFocus(root: RefObject<HTMLElement | null>, key: string) {
  const shown = useRef(key);
  // Read while the new content renders, before it commits: a screen's own autofocus happens at the
  // commit, and must be told apart from the focus the person had (the link they followed).
  const before = useRef<Element | null>(null);
  if (shown.current !== key && typeof document !== 'undefined') before.current = document.activeElement;
  // Before the browser paints: the new heading never shows without the focus it is meant to have.
  useLayoutEffect(() => {
    if (shown.current === key || !root.current) return undefined;
    shown.current = key;
    return focusHeadingWhenShown(root.current, { before: before.current });
  }, [key, root]);
}
