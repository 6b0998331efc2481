import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Fastify's `trustProxy` as the product configures it (TRUST_PROXY): off, on, or the proxies' addresses. */
export type TrustProxy = boolean | string;

/**
 * The address a connection is counted under: the socket's peer, or, behind a trusted proxy, the
 * client the proxy names in X-Forwarded-For, decided exactly as Fastify decides `request.ip`,
 * so the API and the realtime server count one person the same way. Untrusted peers cannot
 * choose their address with the header.
 */
export function clientAddressResolver(trust: TrustProxy): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? 'unknown';
  const trusted = trust === true ? () => true : proxyAddr.compile(trust.split(',').map((entry) => entry.trim()));
  return (request) => proxyAddr(request, trusted);
}
