import type { Locator } from 'playwright-core';

/** The first match's text as it is now, or '' while there is none: for conditions polled until true. */
export const textNow = async (locator: Locator) => ((await locator.count()) ? ((await locator.first().textContent()) ?? '') : '');

/**
 * The first match's text once it is there: a message that renders after its response arrives
 * (a decision, a saved note) is read when it exists, not at the instant the response lands.
 */
export async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor();
  return (await locator.first().textContent()) ?? '';
}
