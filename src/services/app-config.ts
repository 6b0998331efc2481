/**
 * Settings the server writes into the page at serve time (a JSON script tag),
 * so one build runs against any API key or realtime host.
 */
export interface AppRuntimeConfig {
  apiUrl: string;
  apiKey?: string;
  pusher: { key: string; host: string; port: number; useTLS: boolean };
}

const fallback: AppRuntimeConfig = {
  apiUrl: '',
  pusher: { key: 'app-key', host: typeof location !== 'undefined' ? location.hostname : 'localhost', port: 6001, useTLS: false },
};

let cached: AppRuntimeConfig | null = null;

export function appConfig(): AppRuntimeConfig {
  if (cached) return cached;
  const element = typeof document !== 'undefined' ? document.getElementById('app-config') : null;
  try {
    const given = element?.textContent ? (JSON.parse(element.textContent) as Partial<AppRuntimeConfig>) : {};
    cached = { ...fallback, ...given, pusher: { ...fallback.pusher, ...given.pusher } };
    // An empty host means "the host this page came from".
    if (!cached.pusher.host) cached.pusher.host = fallback.pusher.host;
  } catch {
    cached = fallback;
  }
  return cached;
}
