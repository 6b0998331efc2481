import type { UserResource } from '../../../shared/api/users';
import type { ProfileInput } from '../../../shared/validation/profile';
import { api } from '../../services/api';

export interface ProfileData {
  user: UserResource;
  stats: { active_sessions: number };
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
      // The answer is the saved profile: write it into the cache instead of refetching.
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(profileApi.util.upsertQueryData('profile', undefined, data));
        dispatch(profileApi.util.invalidateTags(['Profile']));
      },
    }),
  }),
});

export const { useProfileQuery, useProfileDataQuery, useUpdateProfileMutation } = profileApi;
