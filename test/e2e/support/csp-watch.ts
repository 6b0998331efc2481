import type { BrowserContext } from 'playwright-core';

/**
 * Content-Security-Policy complaints of every page the suite opens. Chromium reports a blocked
 * load, an inline script or style, a refused connection and a malformed policy on the console
 * ("… violates the following Content Security Policy directive …"); pages also fire a
 * `securitypolicyviolation` event, recorded here with what was blocked.
 */
const complaints: string[] = [];

interface ViolationEvent {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  line: number;
}

export async function watchCsp(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content[- ]Security[- ]Policy/i.test(message.text())) {
      complaints.push(`console of ${message.location().url || 'a page'}: ${message.text()}`);
    }
  });
  await context.exposeBinding('__e2eCspViolation', (_source, event: ViolationEvent) => {
    complaints.push(`${event.page}: ${event.directive} blocked ${event.blocked || '(inline)'} at ${event.source}:${event.line}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __e2eCspViolation?: (event: unknown) => void }).__e2eCspViolation;
      report?.({ page: location.href, directive: event.effectiveDirective, blocked: event.blockedURI, source: event.sourceFile, line: event.lineNumber });
    });
  });
}

/** Throws (failing the test or file it runs in) when any page complained since the last check. */
export function assertNoCspViolations(): void {
  const found = complaints.splice(0);
  if (found.length > 0) throw new Error(`Content-Security-Policy violations:\n${found.join('\n')}`);
}
