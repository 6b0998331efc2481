import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import type { ReactElement } from 'react';
import type { Contest, GalleryWork, ModerationItem, MyWork } from '../../shared/api/olympiad-works';
import { realtimeListeners } from '../../src/app/realtime-listeners';
import { api } from '../../src/services/api';
import { authReducer } from '../../src/session/session-slice';
import { renderRoute, where } from './support/render-route';
import { recorder } from './support/record-actions';
import { BodyRequest, JsonResponse } from './support/fetch-stand-ins';

/**
 * The works screens against a fake `/v1` in jsdom: a real store and RTK Query with `fetch`
 * answered here, and a fake XMLHttpRequest for the upload (the only call that needs progress).
 */
export interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}
export type Answer = (call: Call) => { status: number; body?: unknown } | undefined;

/** Answers every fetch with `answer` (404 when it has none); returns the calls as they were made. */
export function fakeApi(answer: Answer) {
  const calls: Call[] = [];
  Object.assign(globalThis, { Request: BodyRequest });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as unknown as BodyRequest;
    const url = new URL(request.url, 'http://localhost');
    const call: Call = {
      method: request.method,
      path: url.pathname.replace(/^\/v1/, ''),
      query: Object.fromEntries(url.searchParams),
      body: typeof request.body === 'string' ? JSON.parse(request.body) : undefined,
    };
    calls.push(call);
    const reply = answer(call) ?? { status: 404, body: { message: 'Not found.' } };
    return new JsonResponse(reply.body === undefined ? '' : JSON.stringify(reply.body), reply.status) as unknown as Response;
  }) as typeof fetch;
  return calls;
}

/** One upload as the browser would send it, which the test answers, fails or moves along. */
export class FakeUpload {
  static sent: FakeUpload[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  fields: Record<string, string> = {};
  file: File | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    for (const [name, value] of body.entries()) {
      if (typeof value === 'string') this.fields[name] = value;
      else this.file = value as File;
    }
    FakeUpload.sent.push(this);
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The connection dropped: no answer at all. */
  fail() {
    this.onerror?.();
  }
}

export function fakeUploads() {
  FakeUpload.sent = [];
  Object.assign(globalThis, { XMLHttpRequest: FakeUpload });
  return FakeUpload.sent;
}

export function worksStore(signedIn = true) {
  const actions: UnknownAction[] = [];
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, language: (state = { current: 'en' }) => state }),
    preloadedState: { auth: signedIn ? { token: 't', userId: 7, notSignedIn: false } : { token: null, userId: null, notSignedIn: true } },
    middleware: (d) => d({ serializableCheck: false }).concat(api.middleware, realtimeListeners.middleware, recorder(actions)),
  });
  return { store, actions };
}

export { where };

/** One screen at `url` under `pattern`, with a real store; `where.path` says where the app is. */
export function renderWorks(pattern: string, element: ReactElement, url: string, { signedIn = true, lang = 'en' as 'en' | 'ru' } = {}) {
  const { store, actions } = worksStore(signedIn);
  return { ...renderRoute(store, pattern, element, url, lang), store, actions };
}

export const image = (id: string, width = 800, height = 600) => ({
  id,
  width,
  height,
  url: `/media/${id}-800.jpg`,
  srcset: `/media/${id}-400.jpg 400w, /media/${id}-800.jpg 800w`,
  variants: [{ width: 400, height: 300, url: `/media/${id}-400.jpg` }],
});

export const contest = (id: number, extra: Partial<Contest> = {}): Contest => ({
  id,
  title: `Contest ${id}`,
  description: 'Draw the sea.\n\nOne picture per sheet.',
  starts_at: '2026-11-01T09:00:00Z',
  ends_at: '2026-12-20T21:00:00Z',
  state: 'open',
  stage_kinds: [],
  categories: [],
  works_per_participant: 3,
  my_works: 0,
  may_enter: true,
  published_works: 4,
  ...extra,
});

export const myWork = (id: number, extra: Partial<MyWork> = {}): MyWork => ({
  id,
  contest: { id: 1, title: 'Contest 1' },
  title: `Work ${id}`,
  description: 'My drawing',
  status: 'moderation',
  rejection_reason: null,
  likes_count: 0,
  submitted_at: '2026-11-24T10:00:00Z',
  published_at: null,
  file_kind: 'image',
  image: image(`w${id}`),
  file_url: `/v1/olympiad/works/${id}/file`,
  file_bytes: 123_456,
  ...extra,
});

export const galleryWork = (id: number, extra: Partial<GalleryWork> = {}): GalleryWork => ({
  id,
  contest: { id: 1, title: 'Contest 1' },
  title: `Work ${id}`,
  description: 'A drawing of the sea',
  author: { id: 100 + id, public_name: `Author ${id}`, category: 'middle' },
  likes_count: 3,
  liked: false,
  mine: false,
  published_at: '2026-11-24T10:00:00Z',
  file_kind: 'image',
  image: image(`g${id}`, 600, 900),
  file_url: `/v1/olympiad/works/${id}/file`,
  file_bytes: 234_567,
  ...extra,
});

export const moderationItem = (id: number, extra: Partial<ModerationItem> = {}): ModerationItem => ({
  ...galleryWork(id, { liked: null }),
  status: 'moderation',
  submitted_at: '2026-11-24T10:00:00Z',
  age_hours: 2.5,
  due: 'ok',
  claimed_by: null,
  claimed_by_me: false,
  score: null,
  decisions: [],
  ...extra,
});

/** Files whose first bytes say what they are, of any size. */
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_HEAD = [...'%PDF-1.7\n'].map((c) => c.charCodeAt(0));
export function fileOf(name: string, head: number[] | string, size = 1024, type = '') {
  const bytes = new Uint8Array(size);
  const start = typeof head === 'string' ? [...head].map((c) => c.charCodeAt(0)) : head;
  bytes.set(start.slice(0, size));
  return new File([bytes], name, { type });
}
export const pngFile = (name = 'sea.png', size = 2048) => fileOf(name, PNG_HEAD, size, 'image/png');
export const pdfFile = (name = 'poem.pdf', size = 2048) => fileOf(name, PDF_HEAD, size, 'application/pdf');

/** Lets the fake server's answers and the re-renders after them land. */
export const settle = async () => {
  for (let i = 0; i < 30; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
