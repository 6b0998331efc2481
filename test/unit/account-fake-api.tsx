import { combineReducers, configureStore, type UnknownAction } from '@reduxjs/toolkit';
import type { ReactElement } from 'react';
import type { AddressResource } from '../../shared/api/addresses';
import type { CardResource } from '../../shared/api/cards';
import { api } from '../../src/services/api';
import { authReducer } from '../../src/session/session-slice';
import {} from './orders-fixtures';
import { renderRoute, where } from './support/render-route';
import { recorder } from './support/record-actions';
import { BodyRequest, JsonResponse } from './support/fetch-stand-ins';

/**
 * The account screens against a fake `/v1` in jsdom: a real store and RTK
 * Query, with `fetch` answered here (through the stand-ins of support/fetch-stand-ins.ts).
 */
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export type Answer = (call: Call) => { status: number; body?: unknown } | undefined;

export const refusal = (errors: Record<string, string[]>) => ({ status: 422, body: { message: 'The given data was invalid.', errors } });

export function fakeApi(answer: Answer) {
  const calls: Call[] = [];
  Object.assign(globalThis, { Request: BodyRequest });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const request = input as unknown as BodyRequest;
    const call = { method: request.method, path: new URL(request.url).pathname.replace(/^\/v1/, ''), body: typeof request.body === 'string' ? JSON.parse(request.body) : undefined };
    calls.push(call);
    const reply = answer(call) ?? { status: 404, body: { message: 'Not found.' } };
    return new JsonResponse(reply.body === undefined ? '' : JSON.stringify(reply.body), reply.status) as unknown as Response;
  }) as typeof fetch;
  return calls;
}

export function accountStore() {
  const actions: UnknownAction[] = [];
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, auth: authReducer, language: (state = { current: 'en' }) => state }),
    preloadedState: { auth: { token: 't', userId: 7, notSignedIn: false } },
    middleware: (d) => d().concat(api.middleware, recorder(actions)),
  });
  return { store, actions };
}

export { where };

/** One screen at `url` under `pattern`; any other path shows "elsewhere", and `where.path` says where the app is. */
export function renderAccount(pattern: string, element: ReactElement, url: string, lang: 'en' | 'ru' = 'en') {
  const { store, actions } = accountStore();
  return { ...renderRoute(store, pattern, element, url, lang), store, actions };
}

export const address = (id: number, extra: Partial<AddressResource> = {}): AddressResource => ({
  id,
  city: 'Moscow',
  street: 'Tverskaya',
  house: String(id),
  flat: null,
  entrance: null,
  floor: null,
  intercom: null,
  comment: null,
  is_default: false,
  created_at: '',
  updated_at: '',
  ...extra,
});

export const card = (id: number, extra: Partial<CardResource> = {}): CardResource => ({
  id,
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2040,
  holder: null,
  is_expired: false,
  created_at: '',
  ...extra,
});

/** Lets the fake server's answers and the re-renders after them land. */
export const settle = async () => {
  for (let i = 0; i < 30; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
