import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { loginThrottle } from './login-throttle';
import { olympiadMail } from './olympiad-mail';
import { participantsRepository } from './participants-repository';
import { passwordResetService } from './password-reset-service';
import { verificationService } from './verification-service';

/** What the olympiad's account routes share: repositories, services and the letters. */
export function olympiadContext(db: Db, mailer: Mailer, publicUrl: string, log: FastifyBaseLogger) {
  const mail = olympiadMail(mailer, publicUrl);
  return {
    participants: participantsRepository(db),
    verification: verificationService(db),
    resets: passwordResetService(db),
    throttle: loginThrottle(db),
    mail,
    /**
     * Letters whose outcome the answer must not reveal (recovery, "your
     * password was changed") go out after the answer; a failure is logged.
     */
    later(task: () => Promise<void>, what: string) {
      setImmediate(() => task().catch((err: unknown) => log.error({ err }, `${what} letter failed`)));
    },
  };
}

export type OlympiadContext = ReturnType<typeof olympiadContext>;
