import type { MyRatingResponse, RatingQuery, RatingResponse } from '../../shared/api/olympiad-rating';
import { api } from '../services/api';

/**
 * The rating is computed by the server on every read, so nothing here may
 * keep an old answer: both reads refetch when the page opens or the window
 * regains focus, and the 'Rating' tag is invalidated when the participant's
 * own attempt finishes (the tests' finish mutation and the ending saga).
 * Shared because the public rating page and the account's "place in ranking" both read it.
 */
export const ratingApi = api.injectEndpoints({
  endpoints: (build) => ({
    olympiadRating: build.query<RatingResponse, Partial<RatingQuery>>({
      query: (params) => ({ url: '/olympiad/rating', params }),
      providesTags: ['Rating'],
    }),
    myOlympiadRating: build.query<MyRatingResponse, void>({
      query: () => '/olympiad/rating/me',
      providesTags: ['Rating'],
    }),
  }),
});

/** Every read asks the server again on open and on focus (see above). */
export const FRESH = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

export const { useOlympiadRatingQuery, useMyOlympiadRatingQuery } = ratingApi;
