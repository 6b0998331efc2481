/** 25:00, 4:05, 1:02:03: the clock of a test, in whole seconds rounded up (zero only when time is out). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mm = hours > 0 ? String(minutes).padStart(2, '0') : String(minutes);
  return `${hours > 0 ? `${hours}:` : ''}${mm}:${String(seconds).padStart(2, '0')}`;
}

/** Seconds spent as minutes and seconds for the results ("12 min 5 s"); the catalogue words the units. */
export function splitSeconds(total: number): { minutes: number; seconds: number } {
  const safe = Math.max(0, Math.round(total));
  return { minutes: Math.floor(safe / 60), seconds: safe % 60 };
}
