import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { Db } from '../../db/client';
import { olympiadParticipants, users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import type { Notifier } from '../notifications/notifier';
import { olympiadLetter } from '../olympiad/olympiad-mail';
import { reasonText } from './work-resources';

/** The participant's screen of their works, where a letter's button leads. */
export const MY_WORKS_PATH = '/olympiad/account/works';

export interface Decided {
  workId: number;
  participantId: number;
  title: string;
  contest: { titleRu: string; titleEn: string };
  status: 'approved' | 'rejected';
  /** As stored (`reason:<code>` or written text). */
  reason: string | null;
}

/**
 * Tells a participant how their work was decided, in their own language: a notification
 * (`work_moderated`, stored in the deciding transaction and published after it commits, which
 * also refreshes their works live) and a letter sent after the answer (a failure is logged).
 */
export function decisionAnnouncer(db: Db, notifier: Notifier, mailer: Mailer, publicUrl: string, log: FastifyBaseLogger) {
  const base = publicUrl.replace(/\/+$/, '');

  async function recipient(executor: Db, userId: number) {
    const [row] = await executor
      .select({ email: users.email, locale: users.locale, name: olympiadParticipants.fullName, login: olympiadParticipants.login })
      .from(users)
      .innerJoin(olympiadParticipants, eq(olympiadParticipants.userId, users.id))
      .where(eq(users.id, userId));
    if (!row) return null;
    const lang: Language = row.locale === 'en' ? 'en' : 'ru';
    return { ...row, lang };
  }

  const valuesFor = (decided: Decided, lang: Language, name: string) => ({
    name,
    title: decided.title,
    contest: lang === 'en' ? decided.contest.titleEn : decided.contest.titleRu,
    reason: reasonText(decided.reason, lang) ?? '',
    link: `${base}${MY_WORKS_PATH}`,
  });

  return {
    /** Stores the notification in `tx`; the returned call publishes it and sends the letter once `tx` has committed. */
    async store(tx: Db, decided: Decided): Promise<() => void> {
      const who = await recipient(tx, decided.participantId);
      if (!who) return () => undefined;
      const values = valuesFor(decided, who.lang, who.name || who.login);
      const prefix = `olympiadWorks.mail.${decided.status}`;
      const stored = await notifier.store(tx, [
        {
          userId: decided.participantId,
          type: 'work_moderated',
          title: translate(who.lang, `${prefix}.subject`, values),
          body: translate(who.lang, `${prefix}.notice`, values),
          data: { work_id: decided.workId, status: decided.status },
        },
      ]);
      return () => {
        stored.publish();
        if (!who.email) return;
        const to = who.email;
        setImmediate(() => {
          mailer.send({ to, ...olympiadLetter(who.lang, prefix, values, values.link) }).catch((err: unknown) => log.error({ err }, 'olympiad work decision letter failed'));
        });
      };
    },
  };
}

export type DecisionAnnouncer = ReturnType<typeof decisionAnnouncer>;
