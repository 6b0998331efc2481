import type { NotificationPage, NotificationResource } from '../../../shared/api/notifications';
import { api } from '../../services/api';

export const NOTIFICATIONS_PER_PAGE = 20;

const LIST = { type: 'Notification', id: 'LIST' } as const;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** One page, newest first; the argument is the page number. */
    notifications: build.query<NotificationPage, number>({
      query: (page) => ({ url: '/notifications', params: { page, per_page: NOTIFICATIONS_PER_PAGE } }),
      providesTags: (result) => [LIST, ...(result?.data ?? []).map((notification) => ({ type: 'Notification' as const, id: notification.id }))],
    }),
    markNotificationRead: build.mutation<NotificationResource, number>({
      query: (id) => ({ url: `/notifications/${id}/read`, method: 'PATCH' }),
      transformResponse: (response: { data: NotificationResource }) => response.data,
      // Read at once on screen; the server's own time replaces ours when it answers.
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const now = new Date().toISOString();
        const pages = notificationsApi.util.selectCachedArgsForQuery(getState(), 'notifications');
        const patches = pages.map((page) =>
          dispatch(
            notificationsApi.util.updateQueryData('notifications', page, (draft) => {
              const item = draft.data.find((notification) => notification.id === id);
              if (item && !item.read_at) item.read_at = now;
            }),
          ),
        );
        try {
          const { data } = await queryFulfilled;
          for (const page of pages) {
            dispatch(
              notificationsApi.util.updateQueryData('notifications', page, (draft) => {
                const item = draft.data.find((notification) => notification.id === id);
                if (item) item.read_at = data.read_at;
              }),
            );
          }
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
    }),
    markAllNotificationsRead: build.mutation<{ count: number }, void>({
      query: () => ({ url: '/notifications/read-all', method: 'POST' }),
      transformResponse: (response: { data: { count: number } }) => response.data,
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const now = new Date().toISOString();
        const patches = notificationsApi.util.selectCachedArgsForQuery(getState(), 'notifications').map((page) =>
          dispatch(
            notificationsApi.util.updateQueryData('notifications', page, (draft) => {
              for (const item of draft.data) item.read_at ??= now;
            }),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patches.forEach((patch) => patch.undo());
        }
      },
    }),
  }),
});

export const { useNotificationsQuery, useMarkNotificationReadMutation, useMarkAllNotificationsReadMutation } = notificationsApi;

/**
 * For the realtime layer: a notification arrived or was read elsewhere (another
 * tab, another device). Every loaded page is fetched again, so pages stay
 * contiguous instead of shifting under an inserted item.
 */
export const notificationsChanged = () => notificationsApi.util.invalidateTags([LIST]);
