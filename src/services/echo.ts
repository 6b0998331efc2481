import type Echo from 'laravel-echo';
import { appConfig } from './app-config';

export type EchoClient = Echo<'pusher'>;

/**
 * SPEC §9: port 6001, no forced TLS, ws and wss only, activity 60 s, pong 10 s, no stats.
 * The client libraries load on first use: guests never download them, and the
 * first page paints before they arrive.
 */
export async function createEcho(token: string | null): Promise<EchoClient> {
  const [{ default: EchoClass }, { default: Pusher }] = await Promise.all([
    import(/* webpackChunkName: "realtime" */ 'laravel-echo'),
    import(/* webpackChunkName: "realtime" */ 'pusher-js'),
  ]);
  const { pusher, apiKey, apiUrl } = appConfig();
  // A guest's socket (public channels only) has no credentials to send.
  const headers: Record<string, string> = { Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  if (apiKey) headers['x-api-key'] = apiKey;
  return new EchoClass({
    broadcaster: 'pusher',
    Pusher,
    key: pusher.key,
    cluster: 'mt1',
    wsHost: pusher.host,
    wsPort: pusher.port,
    wssPort: pusher.port,
    forceTLS: pusher.useTLS,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    activityTimeout: 60_000,
    pongTimeout: 10_000,
    authEndpoint: `${apiUrl}/broadcasting/auth`,
    auth: { headers },
  });
}
