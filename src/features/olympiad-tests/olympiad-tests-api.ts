import type { SaveAnswerBody, SavedAnswerResponse } from '../../../shared/api/olympiad-test-answers';
import type {
  AttemptResponse,
  MyAttemptsQuery,
  MyAttemptsResponse,
  PositionResponse,
} from '../../../shared/api/olympiad-test-attempts';
import type { TestResponse, TestsQuery, TestsResponse } from '../../../shared/api/olympiad-tests';
import { api } from '../../services/api';

/**
 * The test session handles failures itself (an offline queue, 409 conflicts),
 * so the base query's own retries would only delay what the saga must know.
 */
export const NO_RETRY = { retryCondition: () => false } as const;

export interface SaveAnswerArgs {
  attemptId: number;
  questionId: number;
  body: SaveAnswerBody;
}

/** What participants call: tests open to them, their attempts and the answers inside. */
export const olympiadTestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    olympiadTests: build.query<TestsResponse, TestsQuery | void>({
      query: (params) => ({ url: '/olympiad/tests', params: params ?? undefined }),
      providesTags: (result) => [
        { type: 'OlympiadTest', id: 'LIST' },
        ...(result?.data ?? []).map((test) => ({ type: 'OlympiadTest' as const, id: test.id })),
      ],
    }),
    olympiadTest: build.query<TestResponse, number>({
      query: (id) => `/olympiad/tests/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'OlympiadTest', id }],
    }),
    startAttempt: build.mutation<AttemptResponse, number>({
      query: (testId) => ({ url: `/olympiad/tests/${testId}/start`, method: 'POST' }),
      extraOptions: NO_RETRY,
      invalidatesTags: (_result, _error, testId) => [{ type: 'OlympiadTest', id: testId }, { type: 'OlympiadTest', id: 'LIST' }, 'Attempt'],
    }),
    attempt: build.query<AttemptResponse, number>({
      query: (id) => `/olympiad/attempts/${id}`,
      extraOptions: NO_RETRY,
      providesTags: (_result, _error, id) => [{ type: 'Attempt', id }],
    }),
    saveAnswer: build.mutation<SavedAnswerResponse, SaveAnswerArgs>({
      query: ({ attemptId, questionId, body }) => ({ url: `/olympiad/attempts/${attemptId}/answers/${questionId}`, method: 'PUT', body }),
      extraOptions: NO_RETRY,
    }),
    saveAttemptPosition: build.mutation<PositionResponse, { attemptId: number; index: number }>({
      query: ({ attemptId, index }) => ({ url: `/olympiad/attempts/${attemptId}/position`, method: 'PUT', body: { index } }),
      extraOptions: NO_RETRY,
    }),
    finishAttempt: build.mutation<AttemptResponse, number>({
      query: (attemptId) => ({ url: `/olympiad/attempts/${attemptId}/finish`, method: 'POST' }),
      extraOptions: NO_RETRY,
      invalidatesTags: (result, _error, attemptId) => [
        { type: 'Attempt', id: attemptId },
        'Attempt',
        // The rating is computed from finished attempts: this one may have moved the participant.
        'Rating',
        { type: 'OlympiadTest', id: 'LIST' },
        ...(result ? [{ type: 'OlympiadTest' as const, id: result.data.test_id }] : []),
      ],
    }),
    myAttempts: build.query<MyAttemptsResponse, MyAttemptsQuery | void>({
      query: (params) => ({ url: '/olympiad/me/attempts', params: params ?? undefined }),
      providesTags: ['Attempt'],
    }),
  }),
});

export const {
  useOlympiadTestsQuery,
  useOlympiadTestQuery,
  useStartAttemptMutation,
  useAttemptQuery,
  useMyAttemptsQuery,
} = olympiadTestsApi;
