import type { Db } from '../../db/client';
import type { SupportRepository } from './support-repository';
import type { SupportSequencer } from './support-sequencer';

/** How often each API node looks for snoozes that ran out (the queue also looks before it answers). */
export const SNOOZE_SWEEP_MS = 30_000;

/**
 * Reopens conversations whose snooze time has passed, logs the change and has
 * the sequencer publish it. Safe on several nodes at once: one UPDATE claims each conversation.
 */
export async function wakeSnoozed(db: Db, support: SupportRepository, sequencer: SupportSequencer): Promise<number> {
  const woken = await db.transaction(async (tx) => {
    const ids = await support.wakeSnoozed(tx);
    if (!ids.length) return 0;
    const briefs = await support.briefs(tx, ids);
    for (const id of ids) await sequencer.log(tx, id, 'SupportConversationUpdated', { change: 'status', actor: null, conversation: briefs.get(id)! });
    return ids.length;
  });
  if (woken) await sequencer.flush();
  return woken;
}
