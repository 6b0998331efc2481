import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import * as yup from 'yup';
import { DataEnvelope } from '../../../shared/api/envelope';
import { PasswordChanged, RecoverBody, ResetLinkStatus, ResetPasswordBody, TokenBody } from '../../../shared/api/olympiad';
import { normalizeEmail } from '../../../shared/validation/contact';
import { msg } from '../../../shared/validation/message';
import { recoverRequestSchema, resetPasswordSchema } from '../../../shared/validation/olympiad-account';
import { HttpError } from '../../lib/http-error';
import { iso } from '../../lib/serialize';
import { validateShared } from '../../lib/shared-schema';
import type { OlympiadContext } from './olympiad-context';
import { hashPassword } from './password-hash';

const tokenSchema = yup.object({ token: yup.string().trim().required(msg('olympiad.errors.linkInvalid')) });

/** Password recovery: e-mail → link (single use, 60 minutes) → new password, optionally ending every session. */
const recoveryRoutes: FastifyPluginAsyncTypebox<{ olympiad: OlympiadContext }> = async (app, { olympiad }) => {
  const { participants, resets, mail } = olympiad;

  app.post(
    '/olympiad/password/forgot',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['olympiad'],
        summary: 'Send a recovery link; the answer is the same whether or not the address has an account',
        body: RecoverBody,
        response: { 200: DataEnvelope(Type.Object({ sent: Type.Boolean() })) },
      },
    },
    async (request) => {
      const input = await validateShared(recoverRequestSchema, request.body);
      const account = await participants.byEmail(normalizeEmail(input.email));
      if (account?.user.email) {
        const to = account.user.email;
        const token = await resets.issue(account.user.id, request.ip);
        // Sent after the answer, so neither its content nor its timing tells whether the address exists.
        if (token) olympiad.later(() => mail.passwordReset(to, request.lang, account.participant.fullName, token), 'recovery');
      }
      return { data: { sent: true } };
    },
  );

  app.post(
    '/olympiad/password/check',
    {
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      schema: { tags: ['olympiad'], summary: 'Whether a recovery link still works', body: TokenBody, response: { 200: DataEnvelope(ResetLinkStatus) } },
    },
    async (request) => {
      const { token } = await validateShared(tokenSchema, request.body);
      const link = await resets.check(token);
      const account = await participants.byUserId(link.userId);
      if (!account?.user.email) throw new HttpError(422, 'olympiad.errors.linkInvalid', undefined, { token: [msg('olympiad.errors.linkInvalid')] });
      return { data: { email: account.user.email, expires_at: iso(link.expiresAt) } };
    },
  );

  app.post(
    '/olympiad/password/reset',
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: { tags: ['olympiad'], summary: 'Set a new password with a recovery link', body: ResetPasswordBody, response: { 200: DataEnvelope(PasswordChanged) } },
    },
    async (request) => {
      const input = await validateShared(resetPasswordSchema, request.body);
      const link = await resets.check(input.token);
      const account = await participants.byUserId(link.userId);
      if (!account) throw new HttpError(422, 'olympiad.errors.linkInvalid', undefined, { token: [msg('olympiad.errors.linkInvalid')] });
      const passwordHash = await hashPassword(input.password);
      await resets.consume(link);
      await participants.setPassword(account.user.id, passwordHash, new Date());
      const keep = request.user?.id === account.user.id ? request.tokenId : null;
      const ended = input.end_sessions ? await app.tokens.revokeAllExcept(account.user.id, keep) : 0;
      const email = account.user.email;
      if (email) olympiad.later(() => mail.passwordChanged(email, request.lang, account.participant.fullName), 'password changed');
      return { data: { sessions_ended: ended } };
    },
  );
};

export default recoveryRoutes;
