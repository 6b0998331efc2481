import type { RequestCodeBody, RequestCodeResponse, SessionResource, VerifyCodeBody, VerifyCodeResponse } from '../../../shared/api/auth';
import { api } from '../../services/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestCode: build.mutation<RequestCodeResponse['data'], RequestCodeBody>({
      query: (body) => ({ url: '/auth', method: 'POST', body }),
      transformResponse: (response: RequestCodeResponse) => response.data,
    }),
    verifyCode: build.mutation<VerifyCodeResponse, VerifyCodeBody>({
      query: (body) => ({ url: '/verify-auth-otp', method: 'POST', body }),
    }),
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

export const {
  useRequestCodeMutation,
  useVerifyCodeMutation,
  useSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
} = authApi;
