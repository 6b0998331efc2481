import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OlympiadLoginBody, OlympiadLoginResponse, RegistrationBody, RegistrationResponse } from '../../../shared/api/olympiad';
import { msg } from '../../../shared/validation/message';
import { olympiadLoginSchema } from '../../../shared/validation/olympiad-account';
import { registrationSchema } from '../../../shared/validation/olympiad-participant';
import { HttpError, tooManyRequests, validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import type { OlympiadContext } from './olympiad-context';
import { personalFields, profileFields } from './participant-input';
import { toParticipantResource } from './participant-resource';
import { uniqueViolation } from '../../lib/unique-violation';
import { hashPassword, verifyDecoy, verifyPassword } from './password-hash';

/**
 * Per client address. Generous, because a whole class may register and sign
 * in from one school network; guessing is stopped per account (login-throttle.ts).
 */
export const REGISTRATIONS_PER_IP = 60;
export const LOGINS_PER_IP = 60;
const WINDOW = '10 minutes';
const limited = (max: number, key: string) => ({
  max,
  timeWindow: WINDOW,
  errorResponseBuilder: (_request: unknown, context: { ttl: number }) => tooManyRequests(context.ttl / 1000, key),
});

/** A login is a public name, so its being taken is said; the words offer signing in or recovering instead. */
const loginTaken = () => validationFailed({ login: [msg('olympiad.errors.loginTaken')] });

const registrationRoutes: FastifyPluginAsyncTypebox<{ olympiad: OlympiadContext }> = async (app, { olympiad }) => {
  const { participants, verification, passwords, mail } = olympiad;

  app.post(
    '/olympiad/register',
    {
      config: { rateLimit: limited(REGISTRATIONS_PER_IP, 'errors.tooManyRequests') },
      schema: {
        tags: ['olympiad'],
        summary: 'Register as an olympiad participant and sign in (a signed-in user registering with their own e-mail joins with that account)',
        body: RegistrationBody,
        response: { 201: RegistrationResponse },
      },
    },
    async (request, reply) => {
      const input = await validateShared(registrationSchema({ lang: request.lang }), request.body);
      const personal = personalFields(input, request.lang);
      // A signed-in user who registers with their own address joins with that account; any other address is a new account.
      // Only a proven address counts (address-ownership.ts), so nobody joins an account by typing its e-mail.
      const joining = request.user && request.user.email === personal.email ? request.user : null;
      if (joining && (await participants.byUserId(joining.id))) throw new HttpError(409, 'olympiad.errors.alreadyRegistered');
      if (await participants.loginTaken(personal.fields.login, joining?.id ?? null)) throw loginTaken();

      const now = new Date();
      let account;
      try {
        account = await participants.create({
          email: personal.email,
          existingUserId: joining?.id ?? null,
          locale: request.lang,
          fields: {
            ...personal.fields,
            ...profileFields(input),
            passwordHash: await hashPassword(input.password),
            agreementAcceptedAt: now,
            passwordChangedAt: now,
            // The address the user proved by signing in: nothing left to confirm.
            ...(joining ? { emailVerifiedAt: now, verifiedEmail: personal.email } : {}),
          },
        });
      } catch (error) {
        // Two registrations racing for the same login: the database decides.
        if (uniqueViolation(error) === null) throw error;
        throw loginTaken();
      }

      if (!joining) {
        try {
          await verification.send(account.participant, account.user, mail.verificationLetters(request.lang, account.participant.fullName));
        } catch (err) {
          // The account stands; the banner offers to send the letter again.
          request.log.error({ err }, 'verification letter failed');
        }
      }

      const token = joining
        ? null
        : (await app.tokens.issue(account.user.id, { userAgent: request.headers['user-agent'], ip: request.ip })).token;
      const state = await verification.state(account.participant, account.user);
      return reply.status(201).send({ token, user: { id: account.user.id }, data: toParticipantResource(account, state) });
    },
  );

  app.post(
    '/olympiad/login',
    {
      config: { rateLimit: limited(LOGINS_PER_IP, 'olympiad.errors.tooManyLogins') },
      schema: {
        tags: ['olympiad'],
        summary: 'Sign in with a login or e-mail and a password',
        body: OlympiadLoginBody,
        response: { 200: OlympiadLoginResponse },
      },
    },
    async (request) => {
      const input = await validateShared(olympiadLoginSchema, request.body);
      const account = await participants.byLoginOrEmail(input.login);
      // An unknown login takes the same path, limits and time as a wrong password.
      const right = await passwords.verify(account ? { userId: account.user.id } : { identifier: input.login }, request.ip, () =>
        account ? verifyPassword(input.password, account.participant.passwordHash) : verifyDecoy(input.password),
      );
      if (!account || !right) throw validationFailed({ password: [msg('olympiad.errors.wrongCredentials')] });
      const issued = await app.tokens.issue(account.user.id, { userAgent: request.headers['user-agent'], ip: request.ip });
      return { token: issued.token, user: { id: account.user.id } };
    },
  );
};

export default registrationRoutes;
