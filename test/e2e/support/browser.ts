import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { assertNoPolicyViolations, watchPolicies } from './policy-watch';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:8080';
export const MAIL_API = process.env.E2E_MAIL_API ?? 'http://localhost:1080';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
  // Every context a test opens, through newPage or on its own, is watched for policy violations.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchPolicies(context);
    return context;
  };
  return browser;
}

// Every e2e file imports this module, so each of them fails the test during which a page broke
// the Content-Security-Policy (and the file, for what surfaced after its last test).
afterEach(assertNoPolicyViolations);
afterAll(assertNoPolicyViolations);

let people = 0;
/**
 * A network address of a person of their own. The e2e server trusts the loopback proxy (as behind
 * a reverse proxy in production), so the per-IP sign-in limits count each person, not the whole
 * suite, which signs in far more often from one machine than any real network does.
 */
export function personAddress(): string {
  people += 1;
  return `10.${process.pid % 250}.${Math.floor(people / 250) % 250}.${(people % 250) + 1}`;
}

export async function newPage(
  browser: Browser,
  locale = 'ru-RU',
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Service workers are tested where they matter; elsewhere their install toast would be noise.
  const context = await browser.newContext({
    baseURL: BASE_URL,
    locale,
    viewport: { width: 1280, height: 800 },
    serviceWorkers,
    extraHTTPHeaders: { 'x-forwarded-for': personAddress() },
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * One Chromium for a test file: launched before its tests, and closed after them together with
 * every context the file opened through `open` (a person's own browser profile).
 */
export function browserPerFile() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });
  return {
    async open(locale?: string): Promise<{ context: BrowserContext; page: Page }> {
      const opened = await newPage(browser, locale);
      contexts.push(opened.context);
      return opened;
    },
  };
}
