/**
 * The browser's install offer (`beforeinstallprompt`) comes once, early, and only to a listener
 * already there: it is kept from the start so a screen opened later (/pwa-test) can still show it.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallState = 'offered' | 'not-offered' | 'installed';

let offer: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for a button to use; the browser's own mini-bar stays as the browser decides.
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    offer = null;
    changed();
  });
}

export function installState(): InstallState {
  if (installed || window.matchMedia?.('(display-mode: standalone)').matches) return 'installed';
  return offer ? 'offered' : 'not-offered';
}

export function onInstallStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | null> {
  const event = offer;
  if (!event) return null;
  offer = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  changed();
  return outcome;
}
