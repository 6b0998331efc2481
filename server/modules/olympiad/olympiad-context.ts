import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Language } from '../../../shared/i18n/languages';
import type { Mailer } from '../../mail/mailer';
import type { CodeSender } from '../auth/code-sender';
import { guessThrottle } from '../auth/guess-throttle';
import { olympiadMail } from './olympiad-mail';
import { participantsRepository } from './participants-repository';
import { passwordGuard } from './password-guard';
import { passwordResetService } from './password-reset-service';
import { verificationService } from './verification-service';

/** What the olympiad's account routes share: repositories, services and the letters. */
export function olympiadContext(db: Db, mailer: Mailer, sender: CodeSender, publicUrl: string, log: FastifyBaseLogger) {
  const mail = olympiadMail(mailer, publicUrl);
  /**
   * Letters whose outcome the answer must not reveal (recovery, "your
   * password was changed") go out after the answer; a failure is logged.
   */
  const later = (task: () => Promise<void>, what: string) => {
    setImmediate(() => task().catch((err: unknown) => log.error({ err }, `${what} letter failed`)));
  };
  return {
    participants: participantsRepository(db),
    verification: verificationService(db),
    resets: passwordResetService(db),
    passwords: passwordGuard(guessThrottle(db)),
    mail,
    later,
    /** Tells the account's former address that another one took its place. */
    notifyReplaced(previous: string, replacement: string, lang: Language) {
      later(() => sender.replaced({ channel: 'email', address: previous, replacement, lang }), 'address replaced');
    },
  };
}

export type OlympiadContext = ReturnType<typeof olympiadContext>;
