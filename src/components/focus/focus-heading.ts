/**
 * Moves the focus to the new content's heading (the first `h1` inside `root`) as soon as there is one:
 * a screen arrives in pieces (its chunk, then its data), so the heading may come a moment later, and may
 * be drawn anew when the data comes (the focus then falls back to the page, and is put on the new one).
 * A screen reader then reads the new page from its title and Tab goes on from there, instead of from a
 * link that is gone or from the top of the document.
 *
 * It stops watching, leaving the focus alone, when the person acts (a click, a key), when the screen
 * placed the focus itself (a form's first field, a chat's composer), or after `timeoutMs`. Returns a
 * function that stops it.
 */
export function focusHeadingWhenShown(
  root: HTMLElement,
  { timeoutMs = 10_000, before = document.activeElement }: { timeoutMs?: number; /** What had the focus before the change. */ before?: Element | null } = {},
): () => void {
  let placed: HTMLElement | null = null;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('pointerdown', stop, true);
    document.removeEventListener('keydown', stop, true);
  };
  /** Nothing in particular has the focus: the page, the main area, the link followed, or our heading that is gone. */
  const focusIsLoose = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === root || active === before || active === placed;
  };
  const place = () => {
    if (!focusIsLoose()) {
      // The screen chose a field of its own: that is where the person starts.
      if (root.contains(document.activeElement) && document.activeElement !== placed) stop();
      return;
    }
    const heading = root.querySelector<HTMLElement>('h1');
    if (!heading || heading === document.activeElement) return;
    // Focusable by script only: a heading is not a Tab stop.
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    placed = heading;
  };

  const observer = new MutationObserver(place);
  const timer = setTimeout(stop, timeoutMs);
  observer.observe(root, { childList: true, subtree: true });
  document.addEventListener('pointerdown', stop, true);
  document.addEventListener('keydown', stop, true);
  place();
  return stop;
}
