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
  // Every context a test opens, through newPage or on its own, is a person of their own (with an
  // address of their own) and is watched for policy violations.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options = {}) => {
    const context = await newContext({ ...options, extraHTTPHeaders: { 'x-forwarded-for': personAddress(), ...options.extraHTTPHeaders } });
    await watchPolicies(context);
    return context;
  };
  return browser;
}

// Every e2e file imports this module, so each of them fails the test during which a page broke
// the Content-Security-Policy (and the file, for what surfaced after its last test).
afterEach(assertNoPolicyViolations);
afterAll(assertNoPolicyViolations);

/**
 * People are numbered from the millisecond this file's copy of the module was loaded. The files
 * run one after another in one process, each with a fresh copy of this module, so numbering from
 * 0 in each would hand the next file the addresses of the last (and with them its sign-in limits);
 * a file lasts far more milliseconds than it has people, so the ranges of two files never meet.
 */
let people = Date.now();
/**
 * A network address of a person of their own. The e2e server trusts the loopback proxy (as behind
 * a reverse proxy in production), so the per-IP sign-in limits count each person, not the whole
 * suite, which signs in far more often from one machine than any real network does.
 */
export function personAddress(): string {
  people += 1;
  const host = people % 2 ** 24;
  return `10.${Math.floor(host / 65_536)}.${Math.floor(host / 256) % 256}.${host % 256}`;
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
