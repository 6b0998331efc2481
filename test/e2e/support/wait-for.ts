import { waitFor as waitForCondition, type WaitOptions } from '../../server/helpers/wait-for';

/**
 * The server tests' waitFor at a browser's pace: screens and requests take longer than a
 * function call, so the deadline is longer and the condition is asked less often.
 */
export function waitFor<T>(condition: () => T | Promise<T>, options: WaitOptions): ReturnType<typeof waitForCondition<T>> {
  return waitForCondition(condition, { timeoutMs: 10_000, intervalMs: 100, ...options });
}
