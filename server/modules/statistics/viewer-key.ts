import { createHash } from 'node:crypto';

/**
 * Who is looking, as item_viewers keys them: `u:<user id>` for a signed-in person (the same person on
 * every device), else `c:` and a hash of the client's address, user agent and the random id the SPA
 * keeps in localStorage (sent with the batch): people behind one address with the same browser then
 * count apart, and nothing that names the person is stored. A client without the id (another app,
 * storage blocked) falls back to address + agent.
 */
export function viewerKey(userId: number | null, ip: string, userAgent: string, clientId: string | undefined): string {
  if (userId !== null) return `u:${userId}`;
  return `c:${createHash('sha256').update(`${ip}\n${userAgent}\n${clientId ?? ''}`).digest('base64url').slice(0, 40)}`;
}

/**
 * Crawlers and tools, by the names they announce. A list of known names, not "headless" or
 * "automation" in general: real people's browsers driven by tests (our e2e runs HeadlessChrome,
 * which says so in its agent) must count like any browser, and a crawler that hides behind a
 * browser's agent cannot be told apart by its agent anyway. An empty agent is a tool.
 */
const BOT_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrap|facebookexternalhit|embedly|preview|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|curl\/|wget|python|go-http-client|java\/|okhttp|libwww|httpclient|axios|node-fetch|phantomjs/i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || !userAgent.trim() || BOT_AGENT.test(userAgent);
}
