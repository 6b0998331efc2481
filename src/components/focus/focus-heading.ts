/**
 * Moves the focus to the new content's heading (the first `h1` inside `root`) as soon as there is one:
 * a screen arrives in pieces (its chunk, then its data), so the heading may come a moment later. A screen
 * reader then reads the new page from its title and Tab goes on from there, instead of from a link that
 * is gone or from the top of the document.
 *
 * It gives up, leaving the focus alone, when the person acts first (a click, a key) or when the screen
 * placed the focus itself (a form's first field, a chat's composer). Returns a function that stops waiting.
 */
export function focusHeadingWhenShown(
  root: HTMLElement,
  { timeoutMs = 10_000, before = document.activeElement }: { timeoutMs?: number; /** What had the focus before the change. */ before?: Element | null } = {},
): () => void {
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined = undefined;

  const stop = () => {
    observer?.disconnect();
    observer = null;
    clearTimeout(timer);
    document.removeEventListener('pointerdown', stop, true);
    document.removeEventListener('keydown', stop, true);
  };
  const placedByScreen = () => {
    const active = document.activeElement;
    return !!active && active !== before && active !== root && root.contains(active);
  };
  const attempt = (): boolean => {
    if (placedByScreen()) return true;
    const heading = root.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    // Focusable by script only: a heading is not a Tab stop.
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    return true;
  };

  if (attempt()) return stop;
  observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  timer = setTimeout(stop, timeoutMs);
  document.addEventListener('pointerdown', stop, true);
  document.addEventListener('keydown', stop, true);
  return stop;
}
