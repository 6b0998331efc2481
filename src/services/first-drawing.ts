/**
 * The app's first drawing. Work the first screen does not need (the realtime connection: its chunk,
 * its reads and its socket) starts after it, so on a slow phone it does not run between the page's
 * arrival and the screen's largest paint. Only the app's start-up announces one (src/app/boot.tsx);
 * anywhere else (tests, a store made on its own) there is nothing to wait for.
 */
let ahead: Promise<void> | null = null;
let drawn = () => undefined as void;

/** A wait no longer than this, should the first drawing never come (a start-up that failed). */
const AT_MOST_MS = 3000;

/** Called by start-up before the store exists: `afterFirstDrawing` waits from now until `firstDrawingDone`. */
export function firstDrawingAhead(): void {
  ahead = new Promise<void>((resolve) => {
    drawn = () => {
      ahead = null;
      resolve();
    };
    setTimeout(drawn, AT_MOST_MS);
  });
}

/** The first drawing is on screen. */
export function firstDrawingDone(): void {
  drawn();
}

/** What to wait for before work the first screen does not need: the first drawing, or nothing (null) once it is on screen or when none is ahead. */
export const firstDrawingPending = (): Promise<void> | null => ahead;
