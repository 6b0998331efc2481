import type { AttemptResource } from '../../shared/api/olympiad-test-attempts';
import type { StatisticsResponse } from '../../shared/api/olympiad-test-results';
import { api } from '../services/api';

/** A participant's attempts and best results, shown in the account and before a test starts. */
export const statisticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    olympiadStatistics: build.query<StatisticsResponse, void>({
      query: () => '/olympiad/me/statistics',
      providesTags: ['Attempt'],
    }),
  }),
});

export const { useOlympiadStatisticsQuery } = statisticsApi;

/** The screen an attempt is taken on: the essay has its own. */
export const attemptPath = (attempt: Pick<AttemptResource, 'id' | 'format' | 'status'>) =>
  attempt.status === 'finished'
    ? `/olympiad/attempts/${attempt.id}/results`
    : attempt.format === 'essay'
      ? `/olympiad/attempts/${attempt.id}/essay`
      : `/olympiad/attempts/${attempt.id}`;
