import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * Moves the focus to the element of `root` marked `data-focus-key="<key>"` as soon as it is on the
 * page and usable: a row saved a moment ago may appear only when the list comes back, and a
 * button disabled while a form was open comes back to life one render later.
 */
export function usePendingFocus(root: RefObject<HTMLElement | null>): (key: string) => void {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const key = pending.current;
    if (key === null) return;
    const element = root.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`);
    if (!element || element.matches(':disabled')) return;
    element.focus();
    pending.current = null;
  });
  return useCallback((key: string) => {
    pending.current = key;
  }, []);
}
