import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DataEnvelope } from '../../../shared/api/envelope';
import {
  ChangePasswordBody,
  DeleteAccountBody,
  ParticipantResource,
  PasswordChanged,
  PersonalDataBody,
  ProfileDataBody,
} from '../../../shared/api/olympiad';
import { msg } from '../../../shared/validation/message';
import { changePasswordSchema, deleteAccountSchema } from '../../../shared/validation/olympiad-account';
import { OLYMPIAD_TIME_ZONE, dateIn } from '../../../shared/validation/olympiad-dates';
import { personalDataSchema, profileDataSchema } from '../../../shared/validation/olympiad-participant';
import type { FieldErrors } from '../../../shared/validation/run-schema';
import { HttpError, validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import type { OlympiadContext } from './olympiad-context';
import { personalFields, profileFields } from './participant-input';
import { toParticipantResource } from './participant-resource';
import { uniqueViolation, type ParticipantAccount } from './participants-repository';
import { hashPassword, verifyPassword } from './password-hash';

const ParticipantEnvelope = DataEnvelope(ParticipantResource);

/** The signed-in participant's own account: data, password, deletion. */
const accountRoutes: FastifyPluginAsyncTypebox<{ olympiad: OlympiadContext }> = async (app, { olympiad }) => {
  const { participants, verification, throttle, mail } = olympiad;

  async function myAccount(request: FastifyRequest): Promise<ParticipantAccount> {
    const account = await participants.byUserId(currentUser(request).id);
    if (!account) throw new HttpError(404, 'olympiad.errors.notParticipant');
    return account;
  }

  async function resource(account: ParticipantAccount) {
    return { data: toParticipantResource(account, await verification.state(account.participant, account.user)) };
  }

  /** A wrong password counts against the account's limit like a wrong sign-in. */
  async function checkPassword(account: ParticipantAccount, password: string, field: string) {
    const now = new Date();
    throttle.assertOpen(account.participant, now);
    if (await verifyPassword(password, account.participant.passwordHash)) return throttle.recordSuccess(account.participant);
    await throttle.recordFailure(account.participant.userId, now);
    throw validationFailed({ [field]: [msg('olympiad.errors.passwordWrong')] });
  }

  app.get(
    '/olympiad/me',
    { preHandler: app.authenticate, schema: { tags: ['olympiad'], summary: 'My participant account', response: { 200: ParticipantEnvelope } } },
    async (request) => resource(await myAccount(request)),
  );

  app.put(
    '/olympiad/me/personal',
    {
      preHandler: app.authenticate,
      schema: { tags: ['olympiad'], summary: 'Change my login, e-mail, name, date of birth or sex', body: PersonalDataBody, response: { 200: ParticipantEnvelope } },
    },
    async (request) => {
      const account = await myAccount(request);
      // The age rule is about the registration date, whatever day the data is corrected.
      const today = dateIn(OLYMPIAD_TIME_ZONE, account.participant.createdAt);
      const input = await validateShared(personalDataSchema({ lang: request.lang, today }), request.body);
      const personal = personalFields(input, request.lang);
      const taken = await participants.taken(personal.fields.login, personal.email, account.user.id);
      const errors: FieldErrors = {};
      if (taken.login) errors.login = [msg('olympiad.errors.loginTaken')];
      if (taken.email) errors.email = [msg('olympiad.errors.emailTaken')];
      if (Object.keys(errors).length) throw validationFailed(errors);
      const emailChanged = personal.email !== account.user.email;
      let updated: ParticipantAccount;
      try {
        updated = await participants.update(account.user.id, personal.fields, emailChanged ? personal.email : undefined);
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === null) throw error;
        throw validationFailed(constraint.includes('login') ? { login: [msg('olympiad.errors.loginTaken')] } : { email: [msg('olympiad.errors.emailTaken')] });
      }
      if (emailChanged) {
        // A new address is unverified until its own letter is followed; within the resend wait the banner offers it later.
        await verification
          .send(updated.participant, updated.user, (token) => mail.verification(personal.email, request.lang, updated.participant.fullName, token))
          .catch((err: unknown) => request.log.warn({ err }, 'verification letter after an e-mail change not sent'));
      }
      return resource(updated);
    },
  );

  app.put(
    '/olympiad/me/profile',
    {
      preHandler: app.authenticate,
      schema: { tags: ['olympiad'], summary: 'Change my country, city, place of study, link, referral source or category', body: ProfileDataBody, response: { 200: ParticipantEnvelope } },
    },
    async (request) => {
      const account = await myAccount(request);
      const input = await validateShared(profileDataSchema({ lang: request.lang }), request.body);
      return resource(await participants.update(account.user.id, profileFields(input)));
    },
  );

  app.post(
    '/olympiad/me/password',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['olympiad'],
        summary: 'Change my password, optionally ending my other sessions',
        body: ChangePasswordBody,
        response: { 200: DataEnvelope(PasswordChanged) },
      },
    },
    async (request) => {
      const account = await myAccount(request);
      const input = await validateShared(changePasswordSchema, request.body);
      await checkPassword(account, input.current_password, 'current_password');
      await participants.setPassword(account.user.id, await hashPassword(input.password), new Date());
      const ended = input.end_sessions ? await app.tokens.revokeAllExcept(account.user.id, request.tokenId) : 0;
      const email = account.user.email;
      if (email) olympiad.later(() => mail.passwordChanged(email, request.lang, account.participant.fullName), 'password changed');
      return { data: { sessions_ended: ended } };
    },
  );

  app.delete(
    '/olympiad/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['olympiad'],
        summary: 'Delete my account: personal data removed, every session ended (asks for the password)',
        body: DeleteAccountBody,
        response: { 200: DataEnvelope(Type.Object({ deleted: Type.Boolean(), sessions_ended: Type.Integer() })) },
      },
    },
    async (request) => {
      const account = await myAccount(request);
      const input = await validateShared(deleteAccountSchema, request.body ?? {});
      await checkPassword(account, input.password, 'password');
      const ended = await participants.deleteAccount(account.user.id, new Date());
      return { data: { deleted: true, sessions_ended: ended } };
    },
  );
};

export default accountRoutes;
