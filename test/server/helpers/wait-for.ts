export interface WaitOptions {
  /** How long the condition may take to come true before the wait fails. */
  timeoutMs?: number;
  /** How often the condition is asked again. */
  intervalMs?: number;
  /** What is waited for, for the failure message (a function to say what was seen last). */
  what: string | (() => string);
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Asks `condition` until it gives a truthy value and returns that value, or fails once
 * `timeoutMs` has passed without one. Tests wait for a fact this way, never for a fixed time:
 * the deadline only bounds how long a broken product makes the test hang.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, { timeoutMs = 5_000, intervalMs = 20, what }: WaitOptions): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await condition();
    if (value) return value as Truthy<T>;
    if (Date.now() >= deadline) throw new Error(`not within ${timeoutMs} ms: ${typeof what === 'function' ? what() : what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
