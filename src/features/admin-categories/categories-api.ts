import type { AdminCategory, AdminCategoryCreateBody, AdminCategoryFields, AdminCategoryMergeResult, AdminCategoryOrderBody } from '../../../shared/api/admin-categories';
import type { CategoryType } from '../../../shared/api/category-icon-values';
import { api } from '../../services/api';

const unwrap = <T>(response: { data: T }) => response.data;
/** A refusal (409, 422) is what the admin must see; a retry would only hide it. */
const NO_RETRY = { retryCondition: () => false } as const;

/**
 * What a change makes stale: the admin list of the type, and the public catalogue's categories
 * of the type (the ad form's list, the stores page's sections) read by this same SPA.
 */
const changed = (type: CategoryType) => [
  { type: 'AdminCategory' as const, id: type },
  { type: 'Category' as const, id: type === 'ad' ? 'AD' : 'BUSINESS' },
];

/** Catalogue categories for admins (shared/api/admin-categories.ts lists every call). */
export const adminCategoriesApi = api.enhanceEndpoints({ addTagTypes: ['AdminCategory'] }).injectEndpoints({
  endpoints: (build) => ({
    adminCategories: build.query<AdminCategory[], CategoryType>({
      query: (type) => ({ url: '/admin/categories', params: { type } }),
      transformResponse: unwrap<AdminCategory[]>,
      providesTags: (_result, _error, type) => [{ type: 'AdminCategory', id: type }],
    }),
    adminCreateCategory: build.mutation<AdminCategory, AdminCategoryCreateBody>({
      query: (body) => ({ url: '/admin/categories', method: 'POST', body }),
      transformResponse: unwrap<AdminCategory>,
      extraOptions: NO_RETRY,
      invalidatesTags: (_result, _error, body) => changed(body.type),
    }),
    adminUpdateCategory: build.mutation<AdminCategory, { type: CategoryType; id: number; body: AdminCategoryFields }>({
      query: ({ type, id, body }) => ({ url: `/admin/categories/${type}/${id}`, method: 'PATCH', body }),
      transformResponse: unwrap<AdminCategory>,
      extraOptions: NO_RETRY,
      // Cards name their category: the lists that show them are stale too.
      invalidatesTags: (_result, _error, { type }) => [...changed(type), { type: type === 'ad' ? 'Ad' : 'Business', id: 'LIST' }],
    }),
    adminDeleteCategory: build.mutation<null, { type: CategoryType; id: number }>({
      query: ({ type, id }) => ({ url: `/admin/categories/${type}/${id}`, method: 'DELETE' }),
      extraOptions: NO_RETRY,
      invalidatesTags: (_result, _error, { type }) => changed(type),
    }),
    adminReorderCategories: build.mutation<AdminCategory[], AdminCategoryOrderBody>({
      query: (body) => ({ url: '/admin/categories/order', method: 'PUT', body }),
      transformResponse: unwrap<AdminCategory[]>,
      extraOptions: NO_RETRY,
      // The new order shows at once; the answer is the server's order, the list is asked again after.
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          adminCategoriesApi.util.updateQueryData('adminCategories', body.type, (draft) => {
            const place = new Map(body.ids.map((id, index) => [id, index]));
            const group = draft.filter((category) => place.has(category.id)).sort((a, b) => place.get(a.id)! - place.get(b.id)!);
            let next = 0;
            for (let index = 0; index < draft.length; index += 1) if (place.has(draft[index].id)) draft[index] = group[next++];
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_result, _error, body) => changed(body.type),
    }),
    adminMergeCategory: build.mutation<AdminCategoryMergeResult, { type: CategoryType; id: number; target_id: number }>({
      query: ({ type, id, target_id }) => ({ url: `/admin/categories/${type}/${id}/merge`, method: 'POST', body: { target_id } }),
      transformResponse: unwrap<AdminCategoryMergeResult>,
      extraOptions: NO_RETRY,
      invalidatesTags: (_result, _error, { type }) => [...changed(type), { type: type === 'ad' ? 'Ad' : 'Business', id: 'LIST' }],
    }),
  }),
});

export const {
  useAdminCategoriesQuery,
  useAdminCreateCategoryMutation,
  useAdminUpdateCategoryMutation,
  useAdminDeleteCategoryMutation,
  useAdminReorderCategoriesMutation,
  useAdminMergeCategoryMutation,
} =
  adminCategoriesApi;
