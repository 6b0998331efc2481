import type { RequestCodeBody, RequestCodeResponse, VerifyCodeBody, VerifyCodeResponse } from '../../../shared/api/auth';
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
  }),
});

export const {
  useRequestCodeMutation,
  useVerifyCodeMutation,
} = authApi;
