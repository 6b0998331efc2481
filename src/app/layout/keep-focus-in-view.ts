import { useEffect } from 'react';

const TYPING = 'input:not([type="checkbox"]):not([type="radio"]):not([type="file"]), textarea, select, [contenteditable="true"]';

/** Scrolls a field fully into view unless it already is, between the sticky header and the bottom of what is visible. */
function keepInView(field: HTMLElement) {
  const rect = field.getBoundingClientRect();
  const header = document.querySelector('header.app-header')?.getBoundingClientRect().bottom ?? 0;
  const bottom = window.visualViewport?.height ?? window.innerHeight;
  if (rect.top >= header && rect.bottom <= bottom) return;
  // `scroll-margin-top` (styles.css) keeps it clear of the sticky header.
  field.scrollIntoView({ block: 'nearest' });
}

/**
 * A field someone types into is never left under the sticky header or below the fold: on
 * focus, and when the on-screen keyboard shrinks the window (the viewport meta asks phones to
 * resize the page for it), the focused field is scrolled fully into view. One listener for
 * every screen: the chat composer, a test's answer, any form.
 */
export function useKeepFocusInView() {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.matches(TYPING)) keepInView(event.target);
    };
    const onResize = () => {
      const active = document.activeElement;
      if (active instanceof HTMLElement && active.matches(TYPING)) keepInView(active);
    };
    const viewport = window.visualViewport ?? window;
    document.addEventListener('focusin', onFocus);
    viewport.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('focusin', onFocus);
      viewport.removeEventListener('resize', onResize);
    };
  }, []);
}
