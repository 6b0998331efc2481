import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import * as yup from 'yup';
import { DataEnvelope } from '../../../shared/api/envelope';
import { ResendResult, TokenBody, VerificationResult } from '../../../shared/api/olympiad';
import { msg } from '../../../shared/validation/message';
import { HttpError } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import type { OlympiadContext } from './olympiad-context';

const tokenSchema = yup.object({ token: yup.string().trim().required(msg('olympiad.errors.linkInvalid')) });

/** E-mail verification: following the link from the letter, and asking for another letter. */
const verificationRoutes: FastifyPluginAsyncTypebox<{ olympiad: OlympiadContext }> = async (app, { olympiad }) => {
  const { participants, verification, mail } = olympiad;

  app.post(
    '/olympiad/email/verify',
    {
      // The link works without signing in (it is often opened on another device).
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: { tags: ['olympiad'], summary: 'Confirm the e-mail with the token from the letter', body: TokenBody, response: { 200: DataEnvelope(VerificationResult) } },
    },
    async (request) => {
      const { token } = await validateShared(tokenSchema, request.body);
      const change = await verification.verify(token);
      const email = change.user.email ?? '';
      if (change.previous) olympiad.notifyReplaced(change.previous, email, request.lang);
      return { data: { email_status: 'verified' as const, email } };
    },
  );

  app.post(
    '/olympiad/email/resend',
    {
      preHandler: app.authenticate,
      schema: { tags: ['olympiad'], summary: 'Send the verification letter again (30 s after the previous one)', response: { 200: DataEnvelope(ResendResult) } },
    },
    async (request) => {
      const account = await participants.byUserId(currentUser(request).id);
      if (!account) throw new HttpError(404, 'olympiad.errors.notParticipant');
      try {
        await verification.send(account.participant, account.user, mail.verificationLetters(request.lang, account.participant.fullName));
      } catch (error) {
        if (error instanceof HttpError) throw error;
        request.log.error({ err: error }, 'verification letter failed');
        throw new HttpError(503, 'olympiad.errors.sendFailed');
      }
      const state = await verification.state(account.participant, account.user);
      return { data: { email_status: state.status, resend_in: state.resendIn } };
    },
  );
};

export default verificationRoutes;
