import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Parts waiting for their turn, in the order they were drawn (page order). */
const waiting: Array<() => void> = [];
/** A turn is scheduled, or a part is being drawn: the next waits for it. */
let turning = false;

/** Gives the next waiting part its turn, in a task of its own so the browser gets in between. */
function nextTurn() {
  setTimeout(() => {
    const part = waiting.shift();
    if (part) part();
    else turning = false;
  }, 0);
}

function waitForTurn(part: () => void) {
  waiting.push(part);
  if (turning) return;
  turning = true;
  nextTurn();
}

function Drawn({ children, onDrawn }: { children: ReactNode; onDrawn: () => void }) {
  // After this part's commit: the next part renders and commits on its own.
  useEffect(onDrawn, [onDrawn]);
  return <>{children}</>;
}

/**
 * Draws its children after the page's first drawing, one such part after another, each rendered and
 * committed on its own. A long page's first commit then holds only its top: React commits a tree in
 * one task, and on a slow phone a page of many cards committed at once blocks taps for a third of a
 * second (Lighthouse's TBT). `reserve` (a CSS length) holds the part's place until it is drawn, so
 * nothing below it moves while it waits.
 */
export function InTurn({ children, reserve }: { children: ReactNode; reserve: string }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let gone = false;
    waitForTurn(() => {
      if (gone) nextTurn();
      else startTransition(() => setDrawn(true));
    });
    return () => {
      gone = true;
    };
  }, []);
  if (!drawn) return <div style={{ minHeight: reserve }} aria-hidden="true" />;
  return <Drawn onDrawn={nextTurn}>{children}</Drawn>;
}
