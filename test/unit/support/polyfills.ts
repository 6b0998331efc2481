/**
 * What the browser has and this jsdom lacks, once for every SPA test (jest's `setupFiles`),
 * so no test mocks a library to work around the environment.
 */
import { TextDecoder, TextEncoder } from 'node:util';

// react-router encodes locations and builds a Request per navigation.
Object.assign(globalThis, { TextDecoder, TextEncoder });

if (typeof globalThis.Request === 'undefined') {
  // A router without loaders reads only url, method and signal of the navigation's request.
  class Request {
    readonly url: string;
    readonly method: string;
    readonly signal?: AbortSignal;
    constructor(url: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
      this.url = String(url);
      this.method = init.method ?? 'GET';
      this.signal = init.signal;
    }
  }
  Object.assign(globalThis, { Request });
}
