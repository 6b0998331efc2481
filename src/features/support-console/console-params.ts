import { QUEUE_FILTERS, SUPPORT_STATUSES, type QueueFilter, type SupportStatus } from '../../../shared/api/support-values';
import type { QueueArgs } from './queue-args';

/**
 * The console's state lives in the address (`?c=12&filter=mine&status=open&unread=1&q=…`),
 * so a reload, a bookmark or the back button bring the same view back.
 */
export function readConsoleParams(params: URLSearchParams): { args: QueueArgs; conversationId: number | null } {
  const filter = params.get('filter');
  const status = params.get('status');
  const id = Number(params.get('c'));
  return {
    args: {
      filter: QUEUE_FILTERS.includes(filter as QueueFilter) ? (filter as QueueFilter) : 'all',
      status: SUPPORT_STATUSES.includes(status as SupportStatus) ? (status as SupportStatus) : null,
      unread: params.get('unread') === '1',
      q: params.get('q') ?? '',
    },
    conversationId: Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null,
  };
}

export function writeConsoleParams(args: QueueArgs, conversationId: number | null): URLSearchParams {
  const params = new URLSearchParams();
  if (conversationId !== null) params.set('c', String(conversationId));
  if (args.filter !== 'all') params.set('filter', args.filter);
  if (args.status) params.set('status', args.status);
  if (args.unread) params.set('unread', '1');
  if (args.q.trim()) params.set('q', args.q.trim());
  return params;
}
