import type { Publisher } from '../realtime/publisher';
import type { LoggedPayload } from './support-events';
import type { NumberedEvent } from './support-event-log';
import { publishConversationUpdated, publishNoteAdded, publishSupportMessage } from './support-publish';

/** What both sequencers (support-sequencer.ts) share: runs one at a time, and publishing a numbered event. */

export interface SerialRuns {
  /** A run that starts after this call; callers arriving during a run share the one queued behind it. */
  request(): Promise<void>;
  readonly busy: boolean;
  /** Resolves once no run is under way or queued. */
  idle(): Promise<void>;
}

/**
 * At most one `run` under way and at most one more queued. A run never
 * rejects to its callers: a failure goes to `failed` and the next run (the
 * sweep's, or the next writer's) picks up what this one left.
 */
export function serialRuns(run: () => Promise<void>, failed: (err: unknown) => void): SerialRuns {
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  function start(): Promise<void> {
    const current = run()
      .catch(failed)
      .then(() => {
        running = null;
      });
    running = current;
    return current;
  }

  return {
    request() {
      if (queued) return queued;
      if (!running) return start();
      // The run under way may have read the log before the caller's commit: wait for the next one.
      queued = running.then(() => {
        queued = null;
        return start();
      });
      return queued;
    },
    get busy() {
      return running !== null || queued !== null;
    },
    async idle() {
      while (queued || running) await (queued ?? running);
    },
  };
}

/** The same helpers the writers used before the sequencer, so payloads and the 10 KB cut stay as they were. */
export function publishNumbered(publisher: Publisher, event: NumberedEvent): void {
  switch (event.type) {
    case 'SupportMessage': {
      const { conversation, message } = event.payload as unknown as LoggedPayload<'SupportMessage'>;
      publishSupportMessage(publisher, event.seq, conversation, message);
      break;
    }
    case 'SupportConversationUpdated': {
      const { change, actor, conversation } = event.payload as unknown as LoggedPayload<'SupportConversationUpdated'>;
      publishConversationUpdated(publisher, event.seq, change, actor, conversation);
      break;
    }
    case 'SupportNoteAdded': {
      const { note } = event.payload as unknown as LoggedPayload<'SupportNoteAdded'>;
      publishNoteAdded(publisher, event.seq, note);
      break;
    }
  }
}
