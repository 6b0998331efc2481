import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, fork, put, take, type Effect } from 'redux-saga/effects';
import type { EventsPage, QueuePage } from '../../shared/api/support';
import { supportConsoleApi } from '../features/support-console/support-console-api';
import { supportConsoleDeps } from './support-console-deps';
import { advance, applyConsoleEvent, type ConsoleContext } from './support-console-events';

/** Keeping up with the event log: the first page's watermark, live events with gap checks, and catch-ups from the log. */

/** A missing seq that has not arrived live by then is fetched from the log. */
export const GAP_WAIT_MS = 3_000;

/** Everything logged after the watermark, page by page, applied in order. */
export function* catchUp(ctx: ConsoleContext): Generator<Effect, void, unknown> {
  const { sync } = ctx;
  while (sync.watermark !== null) {
    const page = (yield call(supportConsoleDeps.fetchEvents, sync.watermark)) as EventsPage;
    if (page.meta.reset) {
      // The log does not reach back that far (a restored database): start again from what the server shows now.
      sync.watermark = page.meta.last_seq;
      sync.applied.clear();
      sync.latest.clear();
      yield put(supportConsoleApi.util.invalidateTags(['SupportQueue', 'SupportCounts', 'SupportConversation', 'SupportMessages', 'SupportNote']));
      return;
    }
    for (const event of page.data) yield call(applyConsoleEvent, ctx, event.type, event.data);
    sync.watermark = Math.max(sync.watermark, page.meta.last_seq);
    advance(sync);
    if (!page.meta.has_more) return;
  }
}

/** One catch-up at a time; requests made meanwhile make one more run (the buffer holds one). */
export function* catchUpWorker(ctx: ConsoleContext): Generator<Effect, void, unknown> {
  while (true) {
    yield take(ctx.catchUps);
    try {
      yield call(catchUp, ctx);
      // Reads made in other tabs while this one was away are not in the log: the counts say.
      ctx.counts.put(true);
    } catch (error) {
      // Offline or refused: the next reconnect, "online" or return to the tab tries again.
      console.warn('support console: catch-up failed', error);
    }
  }
}

function* checkGap(ctx: ConsoleContext, seq: number): Generator<Effect, void, unknown> {
  ctx.sync.gapCheck = true;
  try {
    yield delay(GAP_WAIT_MS);
    if (ctx.sync.watermark !== null && ctx.sync.watermark < seq) ctx.catchUps.put('gap');
  } finally {
    ctx.sync.gapCheck = false;
  }
}

/** A live event on the console channel. */
export function* onSupportEvent(ctx: ConsoleContext, action: PayloadAction<{ channel: string; event: string; payload: unknown }>): Generator<Effect, void, unknown> {
  const { event, payload } = action.payload;
  yield call(applyConsoleEvent, ctx, event, payload);
  const seq = (payload as { seq?: unknown } | null)?.seq;
  const { watermark } = ctx.sync;
  // Seqs arrive in order unless one got lost: wait a little for it, then ask the log.
  if (typeof seq === 'number' && watermark !== null && watermark < seq && !ctx.sync.gapCheck) yield fork(checkGap, ctx, seq);
}

/** The first queue page says where the log stood when it was read: events after that are applied on top. */
export function* watchFirstPage(ctx: ConsoleContext): Generator<Effect, void, unknown> {
  while (ctx.sync.watermark === null) {
    const action = (yield take(supportConsoleApi.endpoints.supportQueue.matchFulfilled)) as { payload: { pages: QueuePage[] } };
    const seqs = action.payload.pages.map((page) => page.meta.last_seq);
    if (!seqs.length) continue;
    ctx.sync.watermark = Math.min(...seqs);
    advance(ctx.sync);
    // The socket may have joined before the page was read: whatever fell between is in the log.
    ctx.catchUps.put('start');
  }
}
