/**
 * Connections the kernel may hold for the API before it accepts them (Node's default is 511; Linux caps it
 * at net.core.somaxconn, 4096 by default). When an API process comes back after a crash, every open test tab
 * reconnects within a few seconds while the fresh process is still busy warming up; past the backlog the
 * kernel drops the connection attempts and each client's TCP waits 1, 3, 7, 15… s before trying again, so
 * participants stayed unsaved for tens of seconds (bench:olympiad's fault run, 10,000 takers).
 */
export const LISTEN_BACKLOG = 4096;
