import type { SupportConversationBrief } from '../../../shared/api/support';
import type { Db } from '../../db/client';
import type { Publisher } from '../realtime/publisher';
import { logSupportEvent } from './support-events';
import { publishConversationUpdated } from './support-publish';
import type { SupportRepository } from './support-repository';

/** How often each API node looks for snoozes that ran out (the queue also looks before it answers). */
export const SNOOZE_SWEEP_MS = 30_000;

/**
 * Reopens conversations whose snooze time has passed, logs and publishes the
 * change. Safe on several nodes at once: one UPDATE claims each conversation.
 */
export async function wakeSnoozed(db: Db, support: SupportRepository, publisher: Publisher): Promise<number> {
  const woken = await db.transaction(async (tx) => {
    const ids = await support.wakeSnoozed(tx);
    if (!ids.length) return [];
    const briefs = await support.briefs(tx, ids);
    const logged: Array<{ seq: number; brief: SupportConversationBrief }> = [];
    for (const id of ids) {
      const brief = briefs.get(id)!;
      logged.push({ seq: await logSupportEvent(tx, id, 'SupportConversationUpdated', { change: 'status', actor: null, conversation: brief }), brief });
    }
    return logged;
  });
  for (const { seq, brief } of woken) publishConversationUpdated(publisher, seq, 'status', null, brief);
  return woken.length;
}
