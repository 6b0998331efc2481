import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import {
  appDirectives,
  realtimeSources,
  UPLOADED_FILE_DIRECTIVES,
  type BrowserRealtime,
} from '../security/content-security-policy';

export interface SecurityHeadersOptions {
  /** The realtime socket the page opens (the same settings the page's runtime config carries). */
  realtime: BrowserRealtime;
}

/** Powerful features nothing of ours uses: no page (nor anything it frames) may ask for them. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** Two years, subdomains included; sent only over TLS, where a browser heeds it. */
const HSTS = 'max-age=63072000; includeSubDomains';

/** Route option for files people uploaded: their own, stricter policy (see UPLOADED_FILE_DIRECTIVES). */
export const UPLOADED_FILE_HEADERS: Omit<FastifyHelmetOptions, 'global'> = {
  contentSecurityPolicy: { useDefaults: false, directives: UPLOADED_FILE_DIRECTIVES },
};

/**
 * The safe headers of every answer (pages, API, errors, files), in one place: helmet's set with
 * our Content-Security-Policy, plus Permissions-Policy, and HSTS when the request came over TLS
 * (`request.protocol` honours TRUST_PROXY, so a TLS-terminating proxy counts). Swagger UI
 * brings its own policy (app.ts); uploaded files take UPLOADED_FILE_HEADERS on their route.
 */
export default fp<SecurityHeadersOptions>(
  async (app, { realtime }) => {
    // Helmet computes a directive from the raw request; Fastify's hostname (which honours
    // TRUST_PROXY for X-Forwarded-Host) is what pusher-js will see as the page's host.
    const pageHosts = new WeakMap<IncomingMessage, string>();
    app.addHook('onRequest', (request, reply, done) => {
      pageHosts.set(request.raw, request.hostname);
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      done();
    });
    const realtimeSource = (request: IncomingMessage) => realtimeSources(realtime, pageHosts.get(request) ?? 'localhost').join(' ');
    const directives = appDirectives([]);

    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...directives, 'connect-src': [...directives['connect-src'], realtimeSource] },
      },
      // Only over TLS, above.
      strictTransportSecurity: false,
      // Full addresses (search words, one-time links) stay on the site; other sites learn nothing.
      referrerPolicy: { policy: 'same-origin' },
      // The legacy twin of frame-ancestors 'none', for browsers without CSP 2.
      frameguard: { action: 'deny' },
    });
  },
  { name: 'security-headers' },
);
