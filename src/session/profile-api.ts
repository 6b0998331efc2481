import type { UserResource } from '../../shared/api/users';
import type { Language } from '../../shared/i18n/languages';
import type { ContactKind } from '../../shared/validation/contact';
import type { ProfileInput } from '../../shared/validation/profile';
import { api } from '../services/api';

export interface ProfileData {
  user: UserResource;
  stats: { active_sessions: number };
}

interface SavedProfileLifecycle {
  dispatch: (action: unknown) => unknown;
  queryFulfilled: Promise<{ data: UserResource }>;
}

/** The answer is the saved profile: write it into the cache instead of refetching (a failure changes nothing). */
async function writeSavedProfile({ dispatch, queryFulfilled }: SavedProfileLifecycle) {
  const saved = await queryFulfilled.catch(() => null);
  if (!saved) return;
  dispatch(profileApi.util.upsertQueryData('profile', undefined, saved.data));
  dispatch(profileApi.util.invalidateTags(['Profile']));
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<UserResource, void>({
      query: () => '/profile',
      transformResponse: (response: { data: UserResource }) => response.data,
      providesTags: ['Profile'],
    }),
    profileData: build.query<ProfileData, void>({
      query: () => '/profile-data',
      transformResponse: (response: { data: ProfileData }) => response.data,
      providesTags: ['Profile', 'Session'],
    }),
    updateProfile: build.mutation<UserResource, ProfileInput>({
      query: (body) => ({ url: '/profile', method: 'POST', body }),
      transformResponse: (response: { data: UserResource }) => response.data,
      onQueryStarted: (_input, lifecycle) => writeSavedProfile(lifecycle),
    }),
    sendAddressCode: build.mutation<{ sent: boolean }, ContactKind>({
      query: (kind) => ({ url: `/profile/contacts/${kind}/code`, method: 'POST' }),
    }),
    confirmAddress: build.mutation<UserResource, { kind: ContactKind; code: string }>({
      query: ({ kind, code }) => ({ url: `/profile/contacts/${kind}/confirm`, method: 'POST', body: { code } }),
      transformResponse: (response: { data: UserResource }) => response.data,
      onQueryStarted: (_input, lifecycle) => writeSavedProfile(lifecycle),
    }),
    /** The language the server writes to me in (notifications, announcements): the one I last chose here. */
    saveLocale: build.mutation<UserResource, Language>({
      query: (locale) => ({ url: '/profile/locale', method: 'PUT', body: { locale } }),
      transformResponse: (response: { data: UserResource }) => response.data,
    }),
    cancelPendingAddress: build.mutation<UserResource, ContactKind>({
      query: (kind) => ({ url: `/profile/contacts/${kind}/pending`, method: 'DELETE' }),
      transformResponse: (response: { data: UserResource }) => response.data,
      onQueryStarted: (_input, lifecycle) => writeSavedProfile(lifecycle),
    }),
  }),
});

export const {
  useProfileQuery,
  useProfileDataQuery,
  useUpdateProfileMutation,
  useSendAddressCodeMutation,
  useConfirmAddressMutation,
  useCancelPendingAddressMutation,
} = profileApi;
