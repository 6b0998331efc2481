import { useEffect } from 'react';

/** SPEC §9: the page's "scrolling" class goes 800 ms after the last scroll. */
export const SCROLLING_CLASS_MS = 800;

/**
 * Marks the page `scrolling` while the person scrolls (the header shows its shadow then), straight
 * on the root element, so a scroll never re-renders React. The timer is the class's own life, not
 * a flow of the app, so it stays here rather than in a saga.
 */
export function useScrollingClass(target: HTMLElement = document.documentElement): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      target.classList.add('scrolling');
      clearTimeout(timer);
      timer = setTimeout(() => target.classList.remove('scrolling'), SCROLLING_CLASS_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
      target.classList.remove('scrolling');
    };
  }, [target]);
}
