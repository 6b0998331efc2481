/** What Tab can reach, in document order. */
const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** The elements inside `root` that Tab stops at (hidden and inert parts left out). */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.tabIndex >= 0 && !element.closest('[hidden], [inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Keeps Tab and Shift+Tab inside `root`: past the last element comes the first and before the first the
 * last. Returns whether it moved the focus itself (the browser's own move is then prevented).
 */
export function keepTabInside(root: HTMLElement, event: KeyboardEvent): boolean {
  if (event.key !== 'Tab') return false;
  const stops = focusableIn(root);
  const active = document.activeElement as HTMLElement | null;
  const inside = !!active && root.contains(active);
  let target: HTMLElement | null = null;
  if (stops.length === 0) target = root;
  else if (event.shiftKey && (!inside || active === stops[0] || active === root)) target = stops[stops.length - 1];
  else if (!event.shiftKey && (!inside || active === stops[stops.length - 1])) target = stops[0];
  if (!target) return false;
  event.preventDefault();
  target.focus();
  return true;
}
