import type { SessionResource } from '../../shared/api/auth';
import { api } from '../services/api';

/** The account's signed-in devices: listed and ended from the marketplace settings and the olympiad account. */
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Revokes this device's token on the server; the session saga clears the rest. */
    signOut: build.mutation<void, void>({
      query: () => ({ url: '/sign-out', method: 'GET' }),
    }),
    sessions: build.query<SessionResource[], void>({
      query: () => '/sessions',
      transformResponse: (response: { data: SessionResource[] }) => response.data,
      providesTags: (result) => [
        'Session',
        ...(result ?? []).map((session) => ({ type: 'Session' as const, id: session.id })),
      ],
    }),
    revokeSession: build.mutation<void, number>({
      query: (id) => ({ url: `/sessions/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Session', id }],
    }),
    revokeOtherSessions: build.mutation<void, void>({
      query: () => ({ url: '/sessions/revoke-others', method: 'POST' }),
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useSessionsQuery, useRevokeSessionMutation, useRevokeOtherSessionsMutation } = sessionsApi;
