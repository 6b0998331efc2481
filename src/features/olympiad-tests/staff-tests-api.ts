import type {
  QuestionBody,
  QuestionCategory,
  QuestionResource,
  QuestionsQuery,
  QuestionsResponse,
} from '../../../shared/api/olympiad-test-bank';
import type {
  EssaysQuery,
  EssaysResponse,
  EssaySubmission,
  GradeBody,
  StaffAttemptsResponse,
} from '../../../shared/api/olympiad-test-grading';
import type { ImportBody, ImportReport } from '../../../shared/api/olympiad-test-import';
import type { FinalResultBody, FinalResultRow, FinalResultsQuery, FinalResultsResponse } from '../../../shared/api/olympiad-test-results';
import type { StaffTestResource, TestBody } from '../../../shared/api/olympiad-tests';
import { api } from '../../services/api';

type Data<T> = { data: T };
const unwrap = <T>(response: Data<T>) => response.data;

/** What staff (admin, moderator) call: tests, the question bank, imports, essay grades and the final's results. */
export const staffTestsApi = api.injectEndpoints({
  endpoints: (build) => ({
    staffTests: build.query<StaffTestResource[], { stage_id?: number } | void>({
      query: (params) => ({ url: '/olympiad/admin/tests', params: params ?? undefined }),
      transformResponse: unwrap<StaffTestResource[]>,
      providesTags: (result) => [{ type: 'OlympiadTest', id: 'STAFF' }, ...(result ?? []).map((test) => ({ type: 'OlympiadTest' as const, id: test.id }))],
    }),
    staffTest: build.query<StaffTestResource, number>({
      query: (id) => `/olympiad/admin/tests/${id}`,
      transformResponse: unwrap<StaffTestResource>,
      providesTags: (_result, _error, id) => [{ type: 'OlympiadTest', id }],
    }),
    createTest: build.mutation<StaffTestResource, TestBody>({
      query: (body) => ({ url: '/olympiad/admin/tests', method: 'POST', body }),
      transformResponse: unwrap<StaffTestResource>,
      invalidatesTags: [{ type: 'OlympiadTest', id: 'STAFF' }, { type: 'OlympiadTest', id: 'LIST' }],
    }),
    updateTest: build.mutation<StaffTestResource, { id: number; body: TestBody }>({
      query: ({ id, body }) => ({ url: `/olympiad/admin/tests/${id}`, method: 'PUT', body }),
      transformResponse: unwrap<StaffTestResource>,
      // The saved test at once, so the next change (another question added) builds on it, not on a stale copy.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(staffTestsApi.util.upsertQueryData('staffTest', id, data));
        } catch {
          // The page shows the failure.
        }
      },
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'OlympiadTest', id },
        { type: 'OlympiadTest', id: 'STAFF' },
        { type: 'OlympiadTest', id: 'LIST' },
        { type: 'Question', id: 'LIST' },
      ],
    }),
    deleteTest: build.mutation<unknown, number>({
      query: (id) => ({ url: `/olympiad/admin/tests/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'OlympiadTest', id: 'STAFF' }, { type: 'OlympiadTest', id: 'LIST' }],
    }),
    testAttempts: build.query<StaffAttemptsResponse, { id: number; page?: number }>({
      query: ({ id, page = 1 }) => ({ url: `/olympiad/admin/tests/${id}/attempts`, params: { page } }),
      providesTags: ['Attempt'],
    }),
    questions: build.query<QuestionsResponse, Partial<QuestionsQuery>>({
      query: (params) => ({ url: '/olympiad/admin/questions', params }),
      providesTags: (result) => [{ type: 'Question', id: 'LIST' }, ...(result?.data ?? []).map((q) => ({ type: 'Question' as const, id: q.id }))],
    }),
    questionCategories: build.query<QuestionCategory[], void>({
      query: () => '/olympiad/admin/questions/categories',
      transformResponse: unwrap<QuestionCategory[]>,
      providesTags: [{ type: 'Question', id: 'CATEGORIES' }],
    }),
    createQuestion: build.mutation<QuestionResource, QuestionBody>({
      query: (body) => ({ url: '/olympiad/admin/questions', method: 'POST', body }),
      transformResponse: unwrap<QuestionResource>,
      invalidatesTags: [{ type: 'Question', id: 'LIST' }, { type: 'Question', id: 'CATEGORIES' }],
    }),
    updateQuestion: build.mutation<QuestionResource, { id: number; body: QuestionBody }>({
      query: ({ id, body }) => ({ url: `/olympiad/admin/questions/${id}`, method: 'PUT', body }),
      transformResponse: unwrap<QuestionResource>,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Question', id }, { type: 'Question', id: 'CATEGORIES' }],
    }),
    deleteQuestion: build.mutation<unknown, number>({
      query: (id) => ({ url: `/olympiad/admin/questions/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Question', id: 'LIST' }, { type: 'Question', id: 'CATEGORIES' }, { type: 'OlympiadTest', id: 'STAFF' }],
    }),
    importQuestions: build.mutation<ImportReport, ImportBody>({
      query: (body) => ({ url: '/olympiad/admin/questions/import', method: 'POST', body }),
      transformResponse: unwrap<ImportReport>,
      invalidatesTags: (result) =>
        result && !result.dry_run
          ? [{ type: 'Question', id: 'LIST' }, { type: 'Question', id: 'CATEGORIES' }, { type: 'OlympiadTest', id: 'STAFF' }]
          : [],
    }),
    essays: build.query<EssaysResponse, Partial<EssaysQuery>>({
      query: (params) => ({ url: '/olympiad/admin/essays', params }),
      providesTags: [{ type: 'Attempt', id: 'ESSAYS' }],
    }),
    gradeEssay: build.mutation<EssaySubmission, { attemptId: number; questionId: number; body: GradeBody }>({
      query: ({ attemptId, questionId, body }) => ({ url: `/olympiad/admin/attempts/${attemptId}/questions/${questionId}/grade`, method: 'PUT', body }),
      transformResponse: unwrap<EssaySubmission>,
      // 'Rating': grades and final results are part of the rating, computed from them on read.
      invalidatesTags: (_result, _error, { attemptId }) => [{ type: 'Attempt', id: 'ESSAYS' }, { type: 'Attempt', id: attemptId }, 'Rating'],
    }),
    finalResults: build.query<FinalResultsResponse, { stageId: number } & Partial<FinalResultsQuery>>({
      query: ({ stageId, ...params }) => ({ url: `/olympiad/admin/stages/${stageId}/results`, params }),
      providesTags: [{ type: 'Attempt', id: 'FINAL' }],
    }),
    saveFinalResult: build.mutation<FinalResultRow, { stageId: number; userId: number; body: FinalResultBody }>({
      query: ({ stageId, userId, body }) => ({ url: `/olympiad/admin/stages/${stageId}/results/${userId}`, method: 'PUT', body }),
      transformResponse: unwrap<FinalResultRow>,
      invalidatesTags: [{ type: 'Attempt', id: 'FINAL' }, 'Rating'],
    }),
    removeFinalResult: build.mutation<unknown, { stageId: number; userId: number }>({
      query: ({ stageId, userId }) => ({ url: `/olympiad/admin/stages/${stageId}/results/${userId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Attempt', id: 'FINAL' }, 'Rating'],
    }),
  }),
});

export const {
  useStaffTestsQuery,
  useStaffTestQuery,
  useCreateTestMutation,
  useUpdateTestMutation,
  useDeleteTestMutation,
  useTestAttemptsQuery,
  useQuestionsQuery,
  useQuestionCategoriesQuery,
  useCreateQuestionMutation,
  useUpdateQuestionMutation,
  useDeleteQuestionMutation,
  useImportQuestionsMutation,
  useEssaysQuery,
  useGradeEssayMutation,
  useFinalResultsQuery,
  useSaveFinalResultMutation,
  useRemoveFinalResultMutation,
} = staffTestsApi;
