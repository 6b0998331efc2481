/**
 * The little of Request and Response that fetchBaseQuery reads, for tests that answer `fetch`
 * themselves: jsdom has no Response, and the shared polyfill's Request keeps no body.
 */
export class BodyRequest {
  readonly url: string;
  readonly method: string;
  readonly body: unknown;
  readonly headers: Headers;
  readonly signal?: AbortSignal;
  constructor(url: string | URL, init: { method?: string; body?: unknown; headers?: HeadersInit; signal?: AbortSignal } = {}) {
    this.url = String(url);
    this.method = init.method ?? 'GET';
    this.body = init.body;
    this.headers = new Headers(init.headers);
    this.signal = init.signal;
  }
}

export class JsonResponse {
  readonly headers = new Headers({ 'content-type': 'application/json' });
  constructor(
    private readonly text_: string,
    readonly status: number,
  ) {}
  get ok() {
    return this.status >= 200 && this.status < 300;
  }
  clone() {
    return new JsonResponse(this.text_, this.status);
  }
  async text() {
    return this.text_;
  }
}
