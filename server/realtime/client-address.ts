import proxyAddr from '@fastify/proxy-addr';

/** Fastify's `trustProxy` as the product configures it (TRUST_PROXY): off, on, or the proxies' addresses. */
export type TrustProxy = boolean | string;

/** What the upgrade request says about who is connecting: the socket's peer and the proxies' header. */
export interface ConnectingPeer {
  /** The peer's address as uWS gives it (IPv6 text, IPv4 clients as mapped addresses). */
  address: string;
  forwardedFor: string | undefined;
}

const MAPPED_IPV4 = /^(?:0{1,4}:){5}ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/**
 * uWS writes every address as eight full IPv6 groups; Node writes an IPv4 client as dotted quads.
 * Both servers' logs and counts name one client the same way once this has run.
 */
export function normalizeAddress(text: string): string {
  const mapped = MAPPED_IPV4.exec(text);
  if (mapped) {
    const high = parseInt(mapped[1], 16);
    const low = parseInt(mapped[2], 16);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  if (!text.includes(':')) return text;
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return text;
  }
}

/**
 * The address a connection is counted under: the socket's peer, or, behind a trusted proxy, the
 * client the proxy names in X-Forwarded-For, decided exactly as Fastify decides `request.ip`,
 * so the API and the realtime server count one person the same way. Untrusted peers cannot
 * choose their address with the header.
 */
export function clientAddressResolver(trust: TrustProxy): (peer: ConnectingPeer) => string {
  if (trust === false) return (peer) => peer.address;
  const trusted = trust === true ? () => true : proxyAddr.compile(trust.split(',').map((entry) => entry.trim()));
  // proxy-addr reads a Node request; these two fields are all it looks at.
  return (peer) =>
    proxyAddr(
      { socket: { remoteAddress: peer.address }, headers: { 'x-forwarded-for': peer.forwardedFor } } as unknown as Parameters<typeof proxyAddr>[0],
      trusted,
    );
}
