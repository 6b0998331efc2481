import type { WebSocket } from '@trufflesuite/uws-js-unofficial';

/**
 * A client's WebSocket as the protocol code uses it. uWS's own object throws on any call once its
 * close handler has run (and `end`/`close` run that handler at once), so every call is guarded here
 * and the protocol code never needs to know which calls are still allowed.
 */
export class ClientSocket {
  private open = true;

  constructor(private readonly ws: WebSocket<unknown>) {}

  get isOpen(): boolean {
    return this.open;
  }

  /** Called from the close handler: from here on the socket may not be touched. */
  markClosed(): void {
    this.open = false;
  }

  send(text: string): void {
    // A receiver too slow to drain its backlog is closed by uWS (closeOnBackpressureLimit), never skipped silently.
    if (this.open) this.ws.send(text, false);
  }

  ping(): void {
    if (this.open) this.ws.ping();
  }

  /** A close frame with the code pusher-js decides on; uWS sends it after anything still queued. */
  end(code: number, reason: string): void {
    if (!this.open) return;
    this.open = false;
    this.ws.end(code, reason);
  }
}
