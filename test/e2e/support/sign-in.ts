import type { Page } from 'playwright-core';
import { codeFromMailCatcher } from './mail';

/** Signs in through the real /auth screen with the code read from the mail catcher. */
export async function signInThroughUi(page: Page, address: string): Promise<void> {
  const sentAfter = Date.now() - 1000;
  await page.goto('/auth');
  await page.getByLabel(/E-mail/).fill(address);
  await page.getByTestId('send-code').click();
  await page.getByTestId('code-sent').waitFor();
  const code = await codeFromMailCatcher(address, sentAfter);
  await page.getByLabel(/^(Код|Code)$/).fill(code);
  await page.getByTestId('verify-code').click();
  await page.getByTestId('user-menu').waitFor();
}
