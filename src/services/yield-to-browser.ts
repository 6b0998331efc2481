/**
 * Ends the current task so the browser can paint, take a tap and read the network before the next
 * piece of start-up work runs: a slow phone counts every task over 50 ms as blocking time.
 */
export const yieldToBrowser = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
