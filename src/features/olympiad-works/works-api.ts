import type {
  Contest,
  ContestBody,
  ContestsResponse,
  DecisionBody,
  GalleryQuery,
  GalleryResponse,
  GalleryWork,
  LikeState,
  ModerationItem,
  ModerationQueueResponse,
  MyWork,
  MyWorksResponse,
} from '../../../shared/api/olympiad-works';
import type { useAppDispatch } from '../../session/hooks';
import { api } from '../../services/api';

/** A gallery page's filters: everything of GalleryQuery but the cursor, which the infinite query keeps. */
export type GalleryFilters = Omit<GalleryQuery, 'cursor' | 'per_page'> & { per_page?: number };

export const GALLERY_PER_PAGE = 24;
/** Moderation answers are the outcome a moderator must see; a retry would only hide a 409. */
const NO_RETRY = { retryCondition: () => false } as const;

const worksBase = api.enhanceEndpoints({ addTagTypes: ['OlympiadWork', 'Contest', 'Gallery', 'WorkModeration', 'AdminCounts'] });

/** Creative works (shared/api/olympiad-works.ts lists every call): contests, my works, the gallery, likes, moderation. */
export const worksApi = worksBase.injectEndpoints({
  endpoints: (build) => ({
    contests: build.query<ContestsResponse, void>({
      query: () => '/olympiad/contests',
      providesTags: ['Contest'],
    }),
    contest: build.query<{ data: Contest }, number>({
      query: (id) => `/olympiad/contests/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Contest', id }],
    }),
    saveContest: build.mutation<{ data: Contest }, { id: number | null; body: ContestBody }>({
      query: ({ id, body }) => ({ url: id ? `/olympiad/contests/${id}` : '/olympiad/contests', method: id ? 'PUT' : 'POST', body }),
      extraOptions: NO_RETRY,
      invalidatesTags: ['Contest'],
    }),
    setWorkScore: build.mutation<{ data: ModerationItem }, { id: number; score: number | null }>({
      query: ({ id, score }) => ({ url: `/olympiad/works/${id}/score`, method: 'PUT', body: { score } }),
      extraOptions: NO_RETRY,
      // Points count in the rating, which is read again at once.
      invalidatesTags: ['Rating'],
    }),
    myWorks: build.query<MyWorksResponse, void>({
      query: () => '/olympiad/works/mine',
      providesTags: ['OlympiadWork'],
    }),
    deleteWork: build.mutation<void, number>({
      query: (id) => ({ url: `/olympiad/works/${id}`, method: 'DELETE' }),
      extraOptions: NO_RETRY,
      invalidatesTags: ['OlympiadWork', 'Contest', 'Gallery'],
    }),
    gallery: build.infiniteQuery<GalleryResponse, GalleryFilters, string | null>({
      query: ({ queryArg, pageParam }) => ({
        url: '/olympiad/gallery',
        params: { per_page: GALLERY_PER_PAGE, ...queryArg, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.meta.next_cursor ?? undefined,
      },
      providesTags: ['Gallery'],
    }),
    galleryWork: build.query<{ data: GalleryWork }, number>({
      query: (id) => `/olympiad/gallery/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Gallery', id }],
    }),
    setLike: build.mutation<{ data: LikeState }, { id: number; liked: boolean }>({
      query: ({ id, liked }) => ({ url: `/olympiad/works/${id}/like`, method: liked ? 'PUT' : 'DELETE' }),
      extraOptions: NO_RETRY,
      // Optimistic: the button and the count move at once and go back if the server refuses.
      async onQueryStarted({ id, liked }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          worksApi.util.updateQueryData('galleryWork', id, (draft) => {
            if (draft.data.liked === liked) return;
            draft.data.liked = liked;
            draft.data.likes_count = Math.max(0, draft.data.likes_count + (liked ? 1 : -1));
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            worksApi.util.updateQueryData('galleryWork', id, (draft) => {
              draft.data.liked = data.data.liked;
              draft.data.likes_count = data.data.likes_count;
            }),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    moderationQueue: build.query<ModerationQueueResponse, { page: number }>({
      query: ({ page }) => ({ url: '/olympiad/moderation/works', params: { page, per_page: 20 } }),
      providesTags: ['WorkModeration'],
    }),
    claimWork: build.mutation<{ data: ModerationItem }, number>({
      query: (id) => ({ url: `/olympiad/moderation/works/${id}/claim`, method: 'POST' }),
      extraOptions: NO_RETRY,
      invalidatesTags: ['WorkModeration'],
    }),
    releaseWork: build.mutation<void, number>({
      query: (id) => ({ url: `/olympiad/moderation/works/${id}/release`, method: 'POST' }),
      extraOptions: NO_RETRY,
      invalidatesTags: ['WorkModeration'],
    }),
    decideWork: build.mutation<{ data: ModerationItem }, { id: number; body: DecisionBody }>({
      query: ({ id, body }) => ({ url: `/olympiad/moderation/works/${id}/decision`, method: 'POST', body }),
      extraOptions: NO_RETRY,
      // The admin shell's waiting count drops with each decision (src/staff/admin-counts-api.ts).
      invalidatesTags: (_r, _e, { id }) => ['WorkModeration', 'Gallery', { type: 'Gallery', id }, 'Contest', 'AdminCounts'],
    }),
  }),
});

export const {
  useContestsQuery,
  useContestQuery,
  useSaveContestMutation,
  useSetWorkScoreMutation,
  useMyWorksQuery,
  useDeleteWorkMutation,
  useGalleryInfiniteQuery,
  useGalleryWorkQuery,
  useSetLikeMutation,
  useModerationQueueQuery,
  useClaimWorkMutation,
  useReleaseWorkMutation,
  useDecideWorkMutation,
} = worksApi;

/** A work sent or resubmitted: my list shows it at once, and contests count it. */
type AppDispatch = ReturnType<typeof useAppDispatch>;

export function storeMyWork(dispatch: AppDispatch, work: MyWork) {
  dispatch(
    worksApi.util.updateQueryData('myWorks', undefined, (draft) => {
      const at = draft.data.findIndex((item) => item.id === work.id);
      if (at >= 0) draft.data[at] = work;
      else draft.data.unshift(work);
    }),
  );
  dispatch(worksApi.util.invalidateTags(['OlympiadWork', 'Contest']));
}

/** A moderator decided one of my works (NotificationSent `work_moderated`): its state is read again. */
export const myWorksChanged = () => worksApi.util.invalidateTags(['OlympiadWork', 'Gallery']);

/** The live like count of a work (public channel `olympiad-work.{id}`, event `WorkLikesChanged`). */
export const workLikesChanged = (workId: number, likesCount: number) =>
  worksApi.util.updateQueryData('galleryWork', workId, (draft) => {
    draft.data.likes_count = likesCount;
  });

export const workChannel = (id: number) => `olympiad-work.${id}`;
