import type { BrowserContext } from 'playwright-core';

/**
 * Policy complaints of every page the suite opens. Chromium reports a blocked load, an inline
 * script or style, a refused connection and a malformed Content-Security-Policy on the console
 * ("… violates the following Content Security Policy directive …"), as it does a
 * Permissions-Policy header it cannot read; pages also fire a `securitypolicyviolation` event,
 * recorded here with what was blocked.
 */
const complaints: string[] = [];

interface ViolationEvent {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  line: number;
}

export async function watchPolicies(context: BrowserContext): Promise<void> {
  context.on('console', (message) => {
    // Violations come as errors; a header Chromium cannot read (an unknown feature, say) as a warning.
    if (['error', 'warning'].includes(message.type()) && /Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(message.text())) {
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
export function assertNoPolicyViolations(): void {
  const found = complaints.splice(0);
  if (found.length > 0) throw new Error(`Policy violations (Content-Security-Policy, Permissions-Policy):\n${found.join('\n')}`);
}
