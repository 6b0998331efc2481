import type { Language } from '../../shared/i18n/languages';
import { loadCatalogue, type Catalogue, type CatalogueArea } from './i18n';

/**
 * The messages loaded so far, per language, and the areas the screens asked for. The i18n
 * provider reads it (useSyncExternalStore); a lazy screen of an area waits for `ensureArea`
 * before it renders, so it never shows a message id. A language switch loads every area asked
 * for so far before the switch shows.
 */
type Listener = () => void;

const loaded = new Map<string, Catalogue>();
const inFlight = new Map<string, Promise<void>>();
const wanted = new Set<CatalogueArea>(['core']);
const listeners = new Set<Listener>();
let version = 0;
let currentLanguage: Language | null = null;

const key = (lang: Language, area: CatalogueArea) => `${lang}:${area}`;

function load(lang: Language, area: CatalogueArea): Promise<void> {
  const id = key(lang, area);
  if (loaded.has(id)) return Promise.resolve();
  let pending = inFlight.get(id);
  if (!pending) {
    pending = loadCatalogue(lang, area).then(
      (messages) => {
        loaded.set(id, messages);
        inFlight.delete(id);
        version += 1;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        inFlight.delete(id);
        throw error;
      },
    );
    inFlight.set(id, pending);
  }
  return pending;
}

export const catalogueStore = {
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getVersion: () => version,
  /** Loads what a language needs: the core and every area asked for so far. */
  prepare(lang: Language): Promise<void> {
    currentLanguage = lang;
    return Promise.all([...wanted].map((area) => load(lang, area))).then(() => undefined);
  },
  /** Every area's messages of a language merged, or null while its core has not arrived. */
  messages(lang: Language): Catalogue | null {
    if (!loaded.has(key(lang, 'core'))) return null;
    const merged: Record<string, unknown> = {};
    for (const area of wanted) Object.assign(merged, loaded.get(key(lang, area)));
    return merged as Catalogue;
  },
  isReady(lang: Language): boolean {
    return [...wanted].every((area) => loaded.has(key(lang, area)));
  },
};

/** Called by a lazy screen of an area: resolves once its words are on hand in the current language. */
export function ensureArea(area: CatalogueArea): Promise<void> {
  wanted.add(area);
  return currentLanguage === null ? Promise.resolve() : load(currentLanguage, area);
}
