import type { SearchSynonymResource } from '../../../shared/api/search-synonyms';
import { api } from '../../services/api';

/** What a row's form sends: the words as lists (the server lowers their case and drops repeats). */
export interface SynonymBody {
  terms: string[];
  expansions: string[];
}

const unwrap = <T>(response: { data: T }) => response.data;
const LIST = { type: 'SearchSynonym' as const, id: 'LIST' };

/** The search synonym list (staff: admins and moderators); a change applies to the next search at once. */
export const synonymsApi = api.enhanceEndpoints({ addTagTypes: ['SearchSynonym'] }).injectEndpoints({
  endpoints: (build) => ({
    searchSynonyms: build.query<SearchSynonymResource[], void>({
      query: () => '/search/synonyms',
      transformResponse: unwrap<SearchSynonymResource[]>,
      providesTags: [LIST],
    }),
    createSearchSynonym: build.mutation<SearchSynonymResource, SynonymBody>({
      query: (body) => ({ url: '/search/synonyms', method: 'POST', body }),
      transformResponse: unwrap<SearchSynonymResource>,
      invalidatesTags: [LIST],
    }),
    updateSearchSynonym: build.mutation<SearchSynonymResource, SynonymBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/search/synonyms/${id}`, method: 'PATCH', body }),
      transformResponse: unwrap<SearchSynonymResource>,
      invalidatesTags: [LIST],
    }),
    deleteSearchSynonym: build.mutation<null, number>({
      query: (id) => ({ url: `/search/synonyms/${id}`, method: 'DELETE' }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const { useSearchSynonymsQuery, useCreateSearchSynonymMutation, useUpdateSearchSynonymMutation, useDeleteSearchSynonymMutation } = synonymsApi;
