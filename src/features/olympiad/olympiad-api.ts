import type {
  ChangePasswordBody,
  DeleteAccountBody,
  OlympiadLoginBody,
  OlympiadLoginResponse,
  ParticipantResource,
  PasswordChanged,
  PersonalDataBody,
  ProfileDataBody,
  RegistrationBody,
  RegistrationResponse,
  ResendResult,
  ResetLinkStatus,
  ResetPasswordBody,
  VerificationResult,
} from '../../../shared/api/olympiad';
import type { ContentEditBody, ContentResource } from '../../../shared/api/olympiad-content';
import type { StageEditBody, StageResource } from '../../../shared/api/olympiad-stages';
import { api } from '../../services/api';
import { verificationLetterSent } from '../../olympiad/olympiad-slice';

/** Seconds from a 429's Retry-After, if the failed call carried one. */
function retryAfter(failure: unknown): number | null {
  const meta = (failure as { meta?: { response?: Response } } | null)?.meta;
  const seconds = Number(meta?.response?.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

export const olympiadApi = api.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<RegistrationResponse, RegistrationBody>({
      query: (body) => ({ url: '/olympiad/register', method: 'POST', body }),
      invalidatesTags: ['Participant'],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(verificationLetterSent({ resendIn: data.data.resend_in }));
      },
    }),
    olympiadLogin: build.mutation<OlympiadLoginResponse, OlympiadLoginBody>({
      query: (body) => ({ url: '/olympiad/login', method: 'POST', body }),
    }),
    /** Null: signed in, but not registered for the olympiad. */
    participant: build.query<ParticipantResource | null, void>({
      query: () => '/olympiad/me',
      transformResponse: (response: { data: ParticipantResource | null }) => response.data,
      providesTags: ['Participant'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // The wait comes from the server, so a reload keeps counting from where it was.
          if (data && data.email_status !== 'verified') dispatch(verificationLetterSent({ resendIn: data.resend_in }));
        } catch {
          // The page shows the failure.
        }
      },
    }),
    updatePersonal: build.mutation<ParticipantResource, PersonalDataBody>({
      query: (body) => ({ url: '/olympiad/me/personal', method: 'PUT', body }),
      transformResponse: (response: { data: ParticipantResource }) => response.data,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(olympiadApi.util.upsertQueryData('participant', undefined, data));
        if (data.email_status !== 'verified') dispatch(verificationLetterSent({ resendIn: data.resend_in }));
      },
    }),
    updateProfileData: build.mutation<ParticipantResource, ProfileDataBody>({
      query: (body) => ({ url: '/olympiad/me/profile', method: 'PUT', body }),
      transformResponse: (response: { data: ParticipantResource }) => response.data,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(olympiadApi.util.upsertQueryData('participant', undefined, data));
      },
    }),
    changePassword: build.mutation<PasswordChanged, ChangePasswordBody>({
      query: (body) => ({ url: '/olympiad/me/password', method: 'POST', body }),
      transformResponse: (response: { data: PasswordChanged }) => response.data,
      invalidatesTags: ['Session'],
    }),
    deleteAccount: build.mutation<{ deleted: boolean }, DeleteAccountBody>({
      query: (body) => ({ url: '/olympiad/me', method: 'DELETE', body }),
      transformResponse: (response: { data: { deleted: boolean } }) => response.data,
    }),
    verifyEmail: build.mutation<VerificationResult, string>({
      query: (token) => ({ url: '/olympiad/email/verify', method: 'POST', body: { token } }),
      transformResponse: (response: { data: VerificationResult }) => response.data,
      invalidatesTags: ['Participant'],
    }),
    resendVerification: build.mutation<ResendResult, void>({
      query: () => ({ url: '/olympiad/email/resend', method: 'POST' }),
      transformResponse: (response: { data: ResendResult }) => response.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(verificationLetterSent({ resendIn: data.resend_in }));
          dispatch(olympiadApi.util.updateQueryData('participant', undefined, (draft) => {
            if (!draft) return;
            draft.email_status = data.email_status;
            draft.resend_in = data.resend_in;
          }));
        } catch (failure) {
          // Asked too early (another tab, a reload): count down what the server says is left.
          const seconds = retryAfter(failure);
          if (seconds) dispatch(verificationLetterSent({ resendIn: seconds }));
        }
      },
    }),
    forgotPassword: build.mutation<{ sent: boolean }, string>({
      query: (email) => ({ url: '/olympiad/password/forgot', method: 'POST', body: { email } }),
      transformResponse: (response: { data: { sent: boolean } }) => response.data,
    }),
    checkResetLink: build.mutation<ResetLinkStatus, string>({
      query: (token) => ({ url: '/olympiad/password/check', method: 'POST', body: { token } }),
      transformResponse: (response: { data: ResetLinkStatus }) => response.data,
    }),
    resetPassword: build.mutation<PasswordChanged, ResetPasswordBody>({
      query: (body) => ({ url: '/olympiad/password/reset', method: 'POST', body }),
      transformResponse: (response: { data: PasswordChanged }) => response.data,
      invalidatesTags: ['Session'],
    }),
    olympiadContent: build.query<ContentResource, string>({
      query: (key) => `/olympiad/content/${key}`,
      transformResponse: (response: { data: ContentResource }) => response.data,
      providesTags: (_result, _error, key) => [{ type: 'OlympiadContent', id: key }],
    }),
    saveOlympiadContent: build.mutation<ContentResource, { key: string; body: ContentEditBody }>({
      query: ({ key, body }) => ({ url: `/olympiad/content/${key}`, method: 'PUT', body }),
      transformResponse: (response: { data: ContentResource }) => response.data,
      invalidatesTags: (_result, _error, { key }) => [{ type: 'OlympiadContent', id: key }],
    }),
    saveStage: build.mutation<StageResource, { id: number; body: StageEditBody }>({
      query: ({ id, body }) => ({ url: `/olympiad/stages/${id}`, method: 'PUT', body }),
      transformResponse: (response: { data: StageResource }) => response.data,
      invalidatesTags: ['Stage'],
    }),
  }),
});

export const {
  useRegisterMutation,
  useOlympiadLoginMutation,
  useParticipantQuery,
  useUpdatePersonalMutation,
  useUpdateProfileDataMutation,
  useChangePasswordMutation,
  useDeleteAccountMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useForgotPasswordMutation,
  useCheckResetLinkMutation,
  useResetPasswordMutation,
  useOlympiadContentQuery,
  useSaveOlympiadContentMutation,
  useSaveStageMutation,
} = olympiadApi;
