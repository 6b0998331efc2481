/**
 * Where the visitor was in a gallery, per history entry: how many pages were shown and how far
 * down. "Back" from a work lands on the same entry (same `location.key`), which loads as many
 * pages again (from the cache, or by their cursors) and scrolls to the same place.
 */
export interface GalleryPlace {
  pages: number;
  scrollY: number;
}

/** The entry's key and its address: a first load's key is always "default", so the address tells two of them apart. */
const storageKey = (entryKey: string) => `olympiad-gallery:${entryKey}`;

export function savePlace(entryKey: string, place: GalleryPlace) {
  try {
    sessionStorage.setItem(storageKey(entryKey), JSON.stringify(place));
  } catch {
    // A full or closed storage only loses the place, never the page.
  }
}

export function readPlace(entryKey: string): GalleryPlace | null {
  try {
    const raw = sessionStorage.getItem(storageKey(entryKey));
    const place = raw ? (JSON.parse(raw) as Partial<GalleryPlace>) : null;
    if (!place || !Number.isInteger(place.pages) || typeof place.scrollY !== 'number') return null;
    return { pages: Math.min(Math.max(1, place.pages ?? 1), 50), scrollY: Math.max(0, place.scrollY) };
  } catch {
    return null;
  }
}
