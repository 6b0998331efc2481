/**
 * One tab of the browser leads (it owns the websocket); the others follow.
 * Web Locks give this for free: the lock is released when the holder closes,
 * and the next waiting tab gets it at once. Where Web Locks are missing, a
 * lease in localStorage renewed every second does the same within 3 seconds.
 */
const LOCK_NAME = 'bazaar-realtime-leader';
const LEASE_KEY = 'bazaar-realtime-lease';
const LEASE_MS = 2500;
const RENEW_MS = 1000;

export const tabId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Calls `onLeader` once this tab leads; the returned function gives leadership up (or stops waiting). */
export function requestLeadership(onLeader: () => void): () => void {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  return locks ? viaWebLocks(locks, onLeader) : viaLease(onLeader);
}

function viaWebLocks(locks: LockManager, onLeader: () => void): () => void {
  const abort = new AbortController();
  let release: (() => void) | null = null;
  locks
    .request(LOCK_NAME, { signal: abort.signal }, () => {
      onLeader();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    })
    .catch(() => {
      // Aborted while waiting: we gave up before leading.
    });
  return () => {
    abort.abort();
    release?.();
  };
}

interface Lease {
  tab: string;
  until: number;
}

function readLease(): Lease | null {
  try {
    return JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as Lease | null;
  } catch {
    return null;
  }
}

function viaLease(onLeader: () => void): () => void {
  let leading = false;
  const tick = () => {
    const lease = readLease();
    const now = Date.now();
    if (leading || !lease || lease.until < now || lease.tab === tabId) {
      localStorage.setItem(LEASE_KEY, JSON.stringify({ tab: tabId, until: now + LEASE_MS }));
      // Two tabs may claim at once; the last write wins and the other keeps following.
      if (!leading && readLease()?.tab === tabId) {
        leading = true;
        onLeader();
      }
    }
  };
  const onUnload = () => {
    if (leading && readLease()?.tab === tabId) localStorage.removeItem(LEASE_KEY);
  };
  tick();
  const timer = setInterval(tick, RENEW_MS);
  window.addEventListener('pagehide', onUnload);
  return () => {
    clearInterval(timer);
    window.removeEventListener('pagehide', onUnload);
    onUnload();
  };
}
