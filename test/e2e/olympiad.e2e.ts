import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage } from './support/browser';
import { linkFromMailCatcher } from './support/mail';
import { waitFor } from './support/wait-for';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

async function englishPage(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, 'en-US');
  await opened.context.addCookies([{ name: 'lang', value: 'en', url: BASE_URL }]);
  return opened;
}

/** Types into a field and leaves it, as a person does; the field's message then shows. */
async function fill(page: Page, label: RegExp | string, value: string) {
  const input = page.getByLabel(label, { exact: typeof label === 'string' });
  await input.fill(value);
  await input.blur();
}
const message = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

test('a participant registers, verifies the e-mail, recovers the password and deletes the account', async () => {
  const { context, page } = await englishPage();
  const stamp = `${process.pid}${Date.now() % 1_000_000}`;
  const email = `olympiad-${stamp}@example.com`;
  const login = `pupil${stamp}`;
  const startedAt = Date.now() - 1000;

  await page.goto('/olympiad');
  await page.getByTestId('home-register').click();
  await page.waitForURL('**/olympiad/register');

  // Everything empty: said once at the form, and every required field is marked.
  await page.getByTestId('register-submit').click();
  await page.getByTestId('blank-fields').waitFor();
  expect(await page.getByText('There are blank fields.', { exact: true }).count()).toBe(1);
  expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThanOrEqual(12);
  await message(page, 'To register, accept the user agreement, the privacy policy and the consent to personal data processing.');

  // Field by field, wrongly: each SPEC §5 message.
  await fill(page, 'Login or nickname', 'fuuuck_master');
  await message(page, 'Swear words are prohibited.');
  await fill(page, 'E-mail', 'masha-at-example.com');
  await message(page, 'The field must contain an email address.');
  await fill(page, 'Password', 'abc12');
  await message(page, 'Password must be at least 6 characters long.');
  await fill(page, 'Repeat the password', 'abc13');
  await message(page, 'The entered passwords do not match.');
  await fill(page, 'Full name', 'Masha');
  await message(page, 'Enter at least your first and last name, separated by a space.');
  await fill(page, 'Full name', `Masha ${'a'.repeat(260)}`);
  await message(page, 'The full name must be at most 255 characters long.');
  await fill(page, /^Date of birth/, '20052014');
  await message(page, 'Enter the date of birth in the format MM.DD.YYYY.');
  await fill(page, /^Date of birth/, '01012000');
  await message(page, 'Sorry, your age does not meet the conditions for participation in the Olympics.');
  await fill(page, 'City', '\u00A0 \u200B');
  expect(await page.getByLabel('City', { exact: true }).getAttribute('aria-invalid')).toBe('true');

  // The documents behind the agreement are real PDFs.
  for (const name of ['user agreement', 'privacy policy', 'consent to personal data processing']) {
    const href = await page.getByRole('link', { name, exact: true }).getAttribute('href');
    const pdf = await fetch(`${BASE_URL}${href}`);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  }

  // Now right.
  await fill(page, 'Login or nickname', login);
  await fill(page, 'E-mail', email);
  await fill(page, 'Password', 'first-secret');
  await fill(page, 'Repeat the password', 'first-secret');
  await fill(page, 'Full name', 'Maria Ivanova');
  const year = new Date().getFullYear() - 13;
  await fill(page, /^Date of birth/, `0315${year}`);
  await page.getByLabel('Female').check();
  await fill(page, 'Country', 'Russia');
  await fill(page, 'City', 'Kazan');
  await fill(page, 'Place of study', 'Lyceum 131');
  await page.getByLabel('Category').selectOption('middle');
  await page.getByLabel('How did you hear about the olympiad?').selectOption('friends');
  await page.getByTestId('agreement').check();
  await page.getByTestId('register-submit').click();

  await page.waitForURL('**/olympiad/account');
  expect(page.url()).not.toContain('first-secret');
  await page.getByTestId('account-overview').waitFor();
  const banner = page.getByTestId('verification-banner');
  await banner.waitFor();
  // Another letter only after 30 seconds: the button counts down.
  await expect(page.getByTestId('resend-letter').textContent()).resolves.toMatch(/^Send again in \d+ s$/);
  expect(await page.getByTestId('resend-letter').isDisabled()).toBe(true);
  await expect(page.getByTestId('email-status').textContent()).resolves.toBe('letter sent');

  // The letter in the mail catcher; its link verifies.
  const verifyLink = await linkFromMailCatcher(email, 'verify', startedAt);
  expect(verifyLink.startsWith(`${BASE_URL}/olympiad/verify?token=`)).toBe(true);
  await page.goto(verifyLink);
  await page.getByTestId('verify-done').waitFor();
  expect(page.url()).not.toContain('token=');
  await page.goto('/olympiad/account');
  await expect(page.getByTestId('email-status').textContent()).resolves.toBe('confirmed');
  expect(await page.getByTestId('verification-banner').count()).toBe(0);

  // Log out.
  await page.getByTestId('olympiad-logout').click();
  await page.getByTestId('sign-in-link').waitFor();
  expect((await context.cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();

  // Recover the password through the letter.
  const recoverAfter = Date.now() - 1000;
  await page.goto('/olympiad/login');
  await page.getByTestId('forgot-password').click();
  await fill(page, 'E-mail', email.toUpperCase());
  await page.getByTestId('recover-submit').click();
  await page.getByTestId('recover-sent').waitFor();
  const recoverLink = await linkFromMailCatcher(email, 'recover', recoverAfter);
  await page.goto(recoverLink);
  await page.getByText(`A new password for ${email}.`).waitFor();
  expect(page.url()).not.toContain('token=');
  await fill(page, 'New password', 'second-secret');
  await fill(page, 'Repeat the password', 'second-secrex');
  await message(page, 'The entered passwords do not match.');
  await fill(page, 'Repeat the password', 'second-secret');
  expect(await page.getByTestId('end-sessions').isChecked()).toBe(true);
  await page.getByTestId('reset-submit').click();
  await page.getByTestId('reset-done').waitFor();

  // The link works once.
  await page.goto(recoverLink);
  await page.getByTestId('reset-link-error').getByText('This link has already been used.').waitFor();

  // The old password no longer works; the new one does.
  await page.goto('/olympiad/login');
  await fill(page, 'Login or e-mail', login);
  await fill(page, 'Password', 'first-secret');
  await page.getByTestId('login-submit').click();
  await message(page, 'Wrong login or password.');
  await fill(page, 'Password', 'second-secret');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/olympiad/account');
  await page.getByTestId('participant-name').getByText('Maria Ivanova').waitFor();

  // Delete the account: asks for the password, then everything ends.
  await page.goto('/olympiad/account/delete');
  await fill(page, 'Password', 'wrong-password');
  await page.getByTestId('delete-account').click();
  await message(page, 'The password is wrong.');
  await fill(page, 'Password', 'second-secret');
  await page.getByTestId('delete-account').click();
  await page.getByTestId('account-deleted').waitFor();
  expect((await context.cookies()).find((c) => c.name === 'auth_token')).toBeUndefined();
  const again = await fetch(`${BASE_URL}/v1/olympiad/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({ login, password: 'second-secret' }),
  });
  expect(again.status).toBe(422);
  await context.close();
});

test('the stages page counts down to the end of the running stage on the server clock, and the FAQ folds open', async () => {
  const { context, page } = await englishPage();
  await page.goto('/olympiad/stages');
  await page.getByTestId('countdown').getByText('Until the end of the first stage').waitFor();
  expect(await page.getByTestId('stage-list').locator(':scope > li').count()).toBe(4);
  await expect(page.getByTestId('stage-first').getByText('Running now').count()).resolves.toBe(1);
  // It ticks: the seconds change (within a couple of seconds).
  const seconds = page.getByTestId('countdown-seconds');
  const before = await seconds.textContent();
  await waitFor(async () => (await seconds.textContent()) !== before, { timeoutMs: 2_500, what: `the seconds move on from ${before}` });

  await page.goto('/olympiad/faq');
  const question = page.locator('details.faq-item').first();
  await question.locator('summary').click();
  expect(await question.getAttribute('open')).not.toBeNull();
  await context.close();
});

test('the demo participant signs in with student / student123 and sees a verified account in Russian', async () => {
  const { context, page } = await newPage(browser);
  await page.goto('/olympiad/login');
  await page.getByLabel('Логин или электронная почта').fill('student');
  await page.getByLabel('Пароль', { exact: true }).fill('student123');
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/olympiad/account');
  await expect(page.getByTestId('email-status').textContent()).resolves.toBe('подтверждена');
  await page.goto('/olympiad/account/personal');
  expect(await page.getByLabel(/^Дата рождения/).getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
  expect(await page.getByLabel(/^Дата рождения/).inputValue()).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  await context.close();
});
