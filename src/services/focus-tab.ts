import { tabId } from './tab-leader';

/**
 * Which tab the person looked at last, shared through localStorage, so a
 * toast appears once per browser, where the person is.
 */
const KEY = 'bazaar-focused-tab';

function claim() {
  try {
    localStorage.setItem(KEY, tabId);
  } catch {
    // Storage may be disabled; every tab then thinks it is the one, which only repeats toasts.
  }
}

export function trackFocusedTab(): () => void {
  const onVisible = () => document.visibilityState === 'visible' && claim();
  if (document.visibilityState === 'visible' && document.hasFocus()) claim();
  window.addEventListener('focus', claim);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('focus', claim);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

export function isFocusedTab(): boolean {
  try {
    const focused = localStorage.getItem(KEY);
    return focused === null || focused === tabId;
  } catch {
    return true;
  }
}
