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
import { HttpError, validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import { planAddress } from '../auth/address-plan';
import type { OlympiadContext } from './olympiad-context';
import { personalFields, profileFields } from './participant-input';
import { toParticipantResource } from './participant-resource';
import { uniqueViolation } from '../../lib/unique-violation';
import type { ParticipantAccount } from './participants-repository';
import { hashPassword, verifyPassword } from './password-hash';

const ParticipantEnvelope = DataEnvelope(ParticipantResource);

/** The signed-in participant's own account: data, password, deletion. */
const accountRoutes: FastifyPluginAsyncTypebox<{ olympiad: OlympiadContext }> = async (app, { olympiad }) => {
  const { participants, verification, passwords, mail } = olympiad;

  async function myAccount(request: FastifyRequest): Promise<ParticipantAccount> {
    const account = await participants.byUserId(currentUser(request).id);
    if (!account) throw new HttpError(404, 'olympiad.errors.notParticipant');
    return account;
  }

  async function resource(account: ParticipantAccount) {
    return { data: toParticipantResource(account, await verification.state(account.participant, account.user)) };
  }

  /** A wrong password counts against the same limits as a wrong sign-in. */
  async function checkPassword(request: FastifyRequest, account: ParticipantAccount, password: string, field: string) {
    const right = await passwords.verify({ userId: account.user.id }, request.ip, () => verifyPassword(password, account.participant.passwordHash));
    if (!right) throw validationFailed({ [field]: [msg('olympiad.errors.passwordWrong')] });
  }

  // Not being a participant is a state of a signed-in person, not a missing page: the SPA asks
  // on every olympiad account screen and learns it here (data null) instead of from a 404.
  app.get(
    '/olympiad/me',
    {
      preHandler: app.authenticate,
      schema: { tags: ['olympiad'], summary: 'My participant account (null: not registered for the olympiad)', response: { 200: DataEnvelope(Type.Union([ParticipantResource, Type.Null()])) } },
    },
    async (request) => {
      const account = await participants.byUserId(currentUser(request).id);
      return account ? resource(account) : { data: null };
    },
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
      const loginTaken = () => validationFailed({ login: [msg('olympiad.errors.loginTaken')] });
      if (await participants.loginTaken(personal.fields.login, account.user.id)) throw loginTaken();
      // A new address waits for its own letter; the proven one keeps working until then.
      const email = planAddress(account.user.email, account.user.pendingEmail, personal.email);
      let updated: ParticipantAccount;
      try {
        updated = await participants.update(account.user.id, personal.fields, email.pending);
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        throw loginTaken();
      }
      if (email.needsCode) {
        // Within the resend wait the banner offers the letter later.
        await verification
          .send(updated.participant, updated.user, mail.verificationLetters(request.lang, updated.participant.fullName))
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
      await checkPassword(request, account, input.current_password, 'current_password');
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
      await checkPassword(request, account, input.password, 'password');
      const ended = await participants.deleteAccount(account.user.id, new Date());
      return { data: { deleted: true, sessions_ended: ended } };
    },
  );
};

export default accountRoutes;
