import type { QueueFilter, SupportStatus } from '../../../shared/api/support';

export const QUEUE_PAGE_SIZE = 30;

/** One view of the queue: the agent's filter, one status or any, unread only, and a search text. */
export interface QueueArgs {
  filter: QueueFilter;
  status: SupportStatus | null;
  unread: boolean;
  q: string;
}

export const DEFAULT_QUEUE_ARGS: QueueArgs = { filter: 'all', status: null, unread: false, q: '' };

/** `status` may repeat on the server, so the query string is built by hand (fetchBaseQuery would join arrays with commas). */
export function queueUrl(args: QueueArgs, page: number): string {
  const params = new URLSearchParams({ filter: args.filter, page: String(page), per_page: String(QUEUE_PAGE_SIZE) });
  if (args.status) params.append('status', args.status);
  if (args.unread) params.set('unread', 'true');
  const q = args.q.trim();
  if (q) params.set('q', q);
  return `/support/conversations?${params.toString()}`;
}
