import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type {
  AgentResource,
  CannedReplyResource,
  QueuePage,
  SupportConversationResource,
  SupportCounts,
  SupportMessagePage,
  SupportMessageResource,
  SupportNoteResource,
  SupportStatus,
  EventsPage,
} from '../../../shared/api/support';
import { api } from '../../services/api';
import { outboxFiles } from '../../services/outbox-files';
import { IDEMPOTENCY_HEADER } from '../../services/retry-policy';
import { queueUrl, type QueueArgs } from './queue-args';
import { placeInQueue, type QueueChange } from './queue-rules';

export const HISTORY_PAGE_SIZE = 30;

/** What an agent types into a canned reply (the server trims it and lowers the shortcut's case). */
export type CannedReplyFields = Pick<CannedReplyResource, 'shortcut' | 'title' | 'content'>;
const CANNED_LIST = { type: 'CannedReply' as const, id: 'LIST' };

export interface ReplyArgs {
  conversationId: number;
  clientId: string;
  content: string;
  /** Its files wait in `outboxFiles` under the client id (files stay out of the store). */
}

function replyBody(args: ReplyArgs): FormData | Record<string, string> {
  const fields = { client_id: args.clientId, content: args.content };
  const files = outboxFiles.get(args.clientId);
  if (files.length === 0) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', file, file.name);
  return form;
}

const unwrap = <T>(response: { data: T }) => response.data;
/** The call's result, or null when it failed (the caller shows that failure; the cache stays as it was). */
const settled = <T>(fulfilled: Promise<T>): Promise<T | null> => fulfilled.catch(() => null);

export const supportConsoleApi = api.injectEndpoints({
  endpoints: (build) => ({
    supportQueue: build.infiniteQuery<QueuePage, QueueArgs, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last) => (last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined),
      },
      query: ({ queryArg, pageParam }) => queueUrl(queryArg, pageParam),
      providesTags: ['SupportQueue'],
    }),
    supportCounts: build.query<SupportCounts, void>({
      query: () => '/support/counts',
      transformResponse: unwrap<SupportCounts>,
      providesTags: ['SupportCounts'],
    }),
    supportConversation: build.query<SupportConversationResource, number>({
      query: (id) => `/support/conversations/${id}`,
      transformResponse: unwrap<SupportConversationResource>,
      providesTags: (_result, _error, id) => [{ type: 'SupportConversation', id }],
    }),
    /** Pages run newest first: `pages[0]` is the latest page, and new messages join its end. */
    supportMessages: build.infiniteQuery<SupportMessagePage, number, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.meta.next_cursor,
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/support/conversations/${queryArg}/messages`,
        params: { limit: HISTORY_PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) },
      }),
      providesTags: (_result, _error, id) => [{ type: 'SupportMessages', id }],
      keepUnusedDataFor: 30,
    }),
    supportNotes: build.query<SupportNoteResource[], number>({
      query: (id) => `/support/conversations/${id}/notes`,
      transformResponse: unwrap<SupportNoteResource[]>,
      providesTags: (_result, _error, id) => [{ type: 'SupportNote', id }],
    }),
    cannedReplies: build.query<CannedReplyResource[], void>({
      query: () => '/support/canned-replies',
      transformResponse: unwrap<CannedReplyResource[]>,
      providesTags: (result) => [CANNED_LIST, ...(result ?? []).map(({ id }) => ({ type: 'CannedReply' as const, id }))],
    }),
    // Each change lands in the list at once (the `/` picker reads the same cache), and the list is fetched
    // again anyway: another agent may have changed it meanwhile, a clash on the shortcut says so.
    createCannedReply: build.mutation<CannedReplyResource, CannedReplyFields>({
      query: (body) => ({ url: '/support/canned-replies', method: 'POST', body }),
      transformResponse: unwrap<CannedReplyResource>,
      invalidatesTags: [CANNED_LIST],
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const saved = await settled(queryFulfilled);
        if (saved) dispatch(supportConsoleApi.util.updateQueryData('cannedReplies', undefined, (draft) => placeCanned(draft, saved.data)));
      },
    }),
    updateCannedReply: build.mutation<CannedReplyResource, CannedReplyFields & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/support/canned-replies/${id}`, method: 'PATCH', body }),
      transformResponse: unwrap<CannedReplyResource>,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'CannedReply', id }],
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        const saved = await settled(queryFulfilled);
        if (saved) dispatch(supportConsoleApi.util.updateQueryData('cannedReplies', undefined, (draft) => placeCanned(draft, saved.data)));
      },
    }),
    deleteCannedReply: build.mutation<null, number>({
      query: (id) => ({ url: `/support/canned-replies/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'CannedReply', id }],
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        if (!(await settled(queryFulfilled))) return;
        dispatch(supportConsoleApi.util.updateQueryData('cannedReplies', undefined, (draft) => draft.filter((reply) => reply.id !== id)));
      },
    }),
    supportAgents: build.query<AgentResource[], void>({
      query: () => '/support/agents',
      transformResponse: unwrap<AgentResource[]>,
      providesTags: ['SupportAgent'],
    }),
    /** The console's catch-up feed; called by the console saga, never cached. */
    supportEvents: build.query<EventsPage, number>({
      query: (after) => ({ url: '/support/events', params: { after } }),
      keepUnusedDataFor: 0,
    }),
    sendSupportReply: build.mutation<SupportMessageResource, ReplyArgs>({
      query: (args) => ({
        url: `/support/conversations/${args.conversationId}/messages`,
        method: 'POST',
        body: replyBody(args),
        // The client id makes a repeated send harmless, so the transport may retry it.
        headers: { [IDEMPOTENCY_HEADER]: args.clientId },
      }),
      transformResponse: unwrap<SupportMessageResource>,
      async onQueryStarted(args, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(supportConsoleApi.util.updateQueryData('supportMessages', args.conversationId, (draft) => addMessage(draft, data)));
      },
    }),
    markSupportRead: build.mutation<{ conversation_id: number; count: number }, number>({
      query: (id) => ({ url: `/support/conversations/${id}/mark-as-read`, method: 'POST' }),
      transformResponse: unwrap<{ conversation_id: number; count: number }>,
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        // Read means read at once: the badge and the title drop before the answer comes.
        dispatch(patchConversation({ id, update: (conversation) => ({ ...conversation, unread_count: 0 }) }, selfId(getState())));
        try {
          const { data } = await queryFulfilled;
          if (data.count > 0) dispatch(supportConsoleApi.util.invalidateTags(['SupportCounts']));
        } catch {
          dispatch(supportConsoleApi.util.invalidateTags(['SupportQueue', { type: 'SupportConversation', id }]));
        }
      },
    }),
    assignConversation: build.mutation<SupportConversationResource, { id: number; assigneeId: number | null }>({
      query: ({ id, assigneeId }) => ({ url: `/support/conversations/${id}/assign`, method: 'POST', body: { assignee_id: assigneeId } }),
      transformResponse: unwrap<SupportConversationResource>,
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(patchConversation({ id: data.id, update: () => data, seen: data, complete: true }, selfId(getState())));
        dispatch(supportConsoleApi.util.invalidateTags(['SupportCounts']));
      },
    }),
    setConversationStatus: build.mutation<SupportConversationResource, { id: number; status: SupportStatus; snoozedUntil?: string | null }>({
      query: ({ id, status, snoozedUntil }) => ({
        url: `/support/conversations/${id}/status`,
        method: 'POST',
        body: status === 'snoozed' ? { status, snoozed_until: snoozedUntil } : { status },
      }),
      transformResponse: unwrap<SupportConversationResource>,
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(patchConversation({ id: data.id, update: () => data, seen: data, complete: true }, selfId(getState())));
        dispatch(supportConsoleApi.util.invalidateTags(['SupportCounts']));
      },
    }),
    addSupportNote: build.mutation<SupportNoteResource, { id: number; content: string }>({
      query: ({ id, content }) => ({ url: `/support/conversations/${id}/notes`, method: 'POST', body: { content } }),
      transformResponse: unwrap<SupportNoteResource>,
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(supportConsoleApi.util.updateQueryData('supportNotes', id, (draft) => addNote(draft, data)));
      },
    }),
  }),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the store's state is not known to a feature
type Dispatch = ThunkDispatch<any, unknown, UnknownAction>;

/** The signed-in agent, read by shape like the API base reads the token. */
export const selfId = (state: unknown) => (state as { auth: { userId: number | null } }).auth.userId ?? 0;

/**
 * Applies one conversation change to every cached view of the queue and to
 * its own cache; views that only the server can settle are fetched again.
 */
export function patchConversation(change: QueueChange, agentId: number) {
  return (dispatch: Dispatch, getState: () => unknown): void => {
    let refetch = false;
    for (const args of supportConsoleApi.util.selectCachedArgsForQuery(getState() as never, 'supportQueue')) {
      dispatch(
        supportConsoleApi.util.updateQueryData('supportQueue', args, (draft) => {
          if (placeInQueue(draft, args, agentId, change) === 'refetch') refetch = true;
        }),
      );
    }
    dispatch(
      supportConsoleApi.util.updateQueryData('supportConversation', change.id, (draft) => {
        const next = change.update(draft);
        return next ?? undefined;
      }),
    );
    if (refetch) dispatch(supportConsoleApi.util.invalidateTags(['SupportQueue']));
  };
}

/** Ids grow with time; a message already on a page (heard live, then fetched) stays once. */
export function addMessage(draft: { pages: SupportMessagePage[] }, message: SupportMessageResource & { content_truncated?: true }): void {
  if (draft.pages.length === 0) return;
  for (const page of draft.pages) {
    const index = page.data.findIndex((item) => item.id === message.id);
    if (index >= 0) {
      // A live copy may be cut short; a whole copy replaces it, never the other way round.
      if ((page.data[index] as { content_truncated?: true }).content_truncated && !message.content_truncated) page.data[index] = message;
      return;
    }
  }
  const newest = draft.pages[0].data;
  newest.push(message);
  newest.sort((a, b) => a.id - b.id);
}

/** A saved reply replaces its old copy and takes its place by shortcut, as the server lists them. */
export function placeCanned(draft: CannedReplyResource[], reply: CannedReplyResource): void {
  const index = draft.findIndex((item) => item.id === reply.id);
  if (index >= 0) draft.splice(index, 1);
  draft.push(reply);
  draft.sort((a, b) => (a.shortcut < b.shortcut ? -1 : a.shortcut > b.shortcut ? 1 : 0));
}

export function addNote(draft: SupportNoteResource[], note: SupportNoteResource): void {
  if (draft.some((item) => item.id === note.id)) return;
  draft.push(note);
  draft.sort((a, b) => a.id - b.id);
}

export const {
  useSupportQueueInfiniteQuery,
  useSupportCountsQuery,
  useSupportConversationQuery,
  useSupportMessagesInfiniteQuery,
  useSupportNotesQuery,
  useCannedRepliesQuery,
  useCreateCannedReplyMutation,
  useUpdateCannedReplyMutation,
  useDeleteCannedReplyMutation,
  useSupportAgentsQuery,
  useSendSupportReplyMutation,
  useAssignConversationMutation,
  useSetConversationStatusMutation,
  useAddSupportNoteMutation,
} = supportConsoleApi;
