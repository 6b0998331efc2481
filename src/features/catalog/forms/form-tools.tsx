import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';

/** "1 234,50" → 123450 minor units; anything else goes through as typed so the shared rule explains it. */
export function toMinorUnits(text: string): number | string | null {
  const trimmed = text.replace(/\s/g, '').replace(',', '.');
  if (trimmed === '') return null;
  if (!/^-?\d+(\.\d{1,2})?$/.test(trimmed)) return trimmed;
  return Math.round(Number(trimmed) * 100);
}

export const fromMinorUnits = (minor: number | null) => (minor === null ? '' : (minor / 100).toString());

/** An optional whole number typed as text: empty is null, digits are a number, the rest is left for the rule to refuse. */
export function toOptionalInteger(text: string): number | string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The values each form last saved (by draft key): no draft of them is written again. */
const savedValues = new Map<string, unknown>();

/**
 * Keeps what was typed in localStorage, so a reload or a closed tab loses nothing. Nothing is written
 * while a save is under way (the write the last keystroke left pending is cancelled with it): a save that
 * succeeds drops the draft and its values are not written back, one that fails leaves the draft to be
 * written again as the values stand.
 */
export function DraftKeeper({ storageKey }: { storageKey: string }) {
  const { values, isSubmitting } = useFormikContext();
  const first = useRef(true);
  useEffect(() => {
    // The first render holds the loaded values: nothing typed yet.
    if (first.current) {
      first.current = false;
      return;
    }
    if (isSubmitting || values === savedValues.get(storageKey)) return;
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(storageKey, JSON.stringify(values));
      } catch {
        // Storage may be full or disabled; the form still works without a draft.
      }
    }, 300);
    return () => clearTimeout(timer);
  }, [values, isSubmitting, storageKey]);
  return null;
}

export function readDraft<V extends object>(storageKey: string, fallback: V): V {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return fallback;
    const saved = JSON.parse(raw) as Partial<V>;
    return { ...fallback, ...saved };
  } catch {
    return fallback;
  }
}

/** Drops the draft; `saved`, the values just saved, are not kept as a draft again. */
export const clearDraft = (storageKey: string, saved?: unknown) => {
  savedValues.set(storageKey, saved);
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // Nothing to clear without storage.
  }
};
