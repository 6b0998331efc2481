/**
 * The Content-Security-Policies of the product, as directive maps (kebab-case names, source
 * lists). One place for all of them: the API's security-headers plugin sends them, and the
 * development server (webpack.config.ts) sends the app's with its development additions.
 */
export type Directives = Record<string, string[]>;

/** Where the browser opens its realtime socket: what the page's runtime config tells pusher-js. */
export interface BrowserRealtime {
  /** Empty: the page's own host. */
  host: string;
  port: number;
  useTLS: boolean;
}

/**
 * The socket's origins for one page. pusher-js uses wss when TLS is forced or the page itself
 * came over https, else ws; a different port than the page's is never 'self', so it is named.
 */
export function realtimeSources(realtime: BrowserRealtime, pageHost: string): string[] {
  const host = realtime.host || pageHost;
  const secure = `wss://${host}:${realtime.port}`;
  return realtime.useTLS ? [secure] : [`ws://${host}:${realtime.port}`, secure];
}

/**
 * The SPA (and every other answer of the API: JSON, errors, the 404 page). The built page has
 * no inline script or style (webpack emits files; the runtime config is a JSON data block, which
 * is not run and so not subject to script-src), so nothing inline is allowed: no nonces or hashes
 * are needed. React's `style={{}}` sets styles through the CSSOM, which CSP does not govern.
 */
export function appDirectives(realtime: string[]): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // Uploaded images are ours; previews of files about to be uploaded are blob: or data: URLs.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...realtime],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Swagger UI at /v1/docs: its own scripts from the same origin, its logo a data: URL. Its bundle
 * injects <style> elements (whose text changes with its version, so no hash), so styles may be
 * inline here, and only here: no script may be, and nothing of users is shown on those pages.
 */
export const DOCS_DIRECTIVES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Files people uploaded (catalog images, chat attachments): nothing in them may load or run
 * anything, even opened on their own, and no page may frame them.
 */
export const UPLOADED_FILE_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  sandbox: [],
  'frame-ancestors': ["'none'"],
};

/**
 * `npm run dev` only (webpack-dev-server on its own port, no Fastify in front of the page): its
 * eval source maps need 'unsafe-eval', style-loader injects <style> elements, and hot reload
 * talks over a websocket to the dev server itself. Production builds need none of it.
 */
export function developmentDirectives(realtime: string[], devServerSocket: string): Directives {
  const app = appDirectives([...realtime, devServerSocket]);
  return {
    ...app,
    'script-src': [...app['script-src'], "'unsafe-eval'"],
    'style-src': [...app['style-src'], "'unsafe-inline'"],
  };
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}
