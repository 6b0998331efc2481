import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { StringEnum } from '../../../shared/api/catalog-common';
import { DataEnvelope } from '../../../shared/api/envelope';
import { LANGUAGES } from '../../../shared/i18n/languages';
import { UserResource } from '../../../shared/api/users';
import { confirmAddressSchema } from '../../../shared/validation/auth';
import { normalizeEmail, normalizePhone } from '../../../shared/validation/contact';
import { msg } from '../../../shared/validation/message';
import { PROFILE_ABOUT_MAX, PROFILE_NAME_MAX, profileSchema } from '../../../shared/validation/profile';
import { HttpError, validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
import type { CodeSender } from '../auth/code-sender';
import { otpService } from '../auth/otp-service';
import { planAddress } from '../auth/address-plan';
import { contactClaims } from './contact-claims';
import { profileRepository } from './profile-repository';
import { toUserResource } from './user-resource';

const ProfileBody = Type.Object({
  name: Type.String({ maxLength: PROFILE_NAME_MAX }),
  email: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  phone: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  about: Type.Optional(Type.String({ maxLength: PROFILE_ABOUT_MAX })),
});

const ProfileData = Type.Object({
  user: UserResource,
  stats: Type.Object({ active_sessions: Type.Integer() }),
});

const KindParams = Type.Object({ kind: Type.Union([Type.Literal('email'), Type.Literal('phone')]) });
const ConfirmBody = Type.Object({ code: Type.String({ maxLength: 32 }) });
const LocaleBody = Type.Object({ locale: StringEnum(LANGUAGES) });
const UserEnvelope = DataEnvelope(UserResource);


const profileRoutes: FastifyPluginAsyncTypebox<{ sender: CodeSender }> = async (app, { sender }) => {
  const profiles = profileRepository(app.db);
  const claims = contactClaims(app.db, otpService(app.db), sender, app.log);

  app.get(
    '/profile',
    { preHandler: app.authenticate, schema: { tags: ['profile'], summary: 'My profile', response: { 200: UserEnvelope } } },
    async (request) => ({ data: toUserResource(currentUser(request)) }),
  );

  app.get(
    '/profile-data',
    { preHandler: app.authenticate, schema: { tags: ['profile'], summary: 'My profile with account figures', response: { 200: DataEnvelope(ProfileData) } } },
    async (request) => {
      const user = currentUser(request);
      const sessions = await app.tokens.listActive(user.id);
      return { data: { user: toUserResource(user), stats: { active_sessions: sessions.length } } };
    },
  );

  app.post(
    '/profile',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['profile'],
        summary: 'Update my profile; a new e-mail or phone waits for the code sent to it (pending_email / pending_phone)',
        body: ProfileBody,
        response: { 200: UserEnvelope },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const input = await validateShared(profileSchema, { ...request.body, email: request.body.email ?? '', phone: request.body.phone ?? '' });
      const email = planAddress(user.email, user.pendingEmail, input.email ? normalizeEmail(input.email) : null);
      const phone = planAddress(user.phone, user.pendingPhone, input.phone ? normalizePhone(input.phone) : null);
      // An account must keep at least one proven way to sign in.
      if (!email.proven && !phone.proven) {
        const field = user.phone ? 'phone' : 'email';
        throw validationFailed({ [field]: [msg('validation.required')] });
      }
      const updated = await profiles.update(user.id, {
        name: input.name,
        about: input.about ?? '',
        email: email.proven,
        phone: phone.proven,
        pendingEmail: email.pending,
        pendingPhone: phone.pending,
      });
      for (const [kind, plan] of [['email', email], ['phone', phone]] as const) {
        if (!plan.needsCode) continue;
        // The change is saved either way; the screen offers "send again" when a code could not go out now.
        await claims.sendCode(updated, kind, request.lang, request.ip).catch((err: unknown) => {
          if (!(err instanceof HttpError)) throw err;
          request.log.warn({ status: err.statusCode, kind }, 'confirmation code not sent with the profile save');
        });
      }
      return { data: toUserResource(updated) };
    },
  );

  app.post(
    '/profile/contacts/:kind/code',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profile'], summary: 'Send the code for my pending e-mail or phone again', params: KindParams, response: { 200: DataEnvelope(Type.Object({ sent: Type.Boolean() })) } },
    },
    async (request) => {
      await claims.sendCode(currentUser(request), request.params.kind, request.lang, request.ip);
      return { data: { sent: true } };
    },
  );

  app.post(
    '/profile/contacts/:kind/confirm',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: { tags: ['profile'], summary: 'Confirm my pending e-mail or phone with the code sent to it', params: KindParams, body: ConfirmBody, response: { 200: UserEnvelope } },
    },
    async (request) => {
      const { code } = await validateShared(confirmAddressSchema, request.body);
      const user = await claims.confirm(currentUser(request), request.params.kind, code, request.lang, request.ip);
      return { data: toUserResource(user) };
    },
  );

  app.delete(
    '/profile/contacts/:kind/pending',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profile'], summary: 'Withdraw my pending e-mail or phone change', params: KindParams, response: { 200: UserEnvelope } },
    },
    async (request) => ({ data: toUserResource(await claims.cancel(currentUser(request).id, request.params.kind)) }),
  );

  // The language the person last chose in the SPA: what the server writes to them in when no page
  // asks (notifications, announcements, order news to the other party).
  app.put(
    '/profile/locale',
    {
      preHandler: app.authenticate,
      schema: { tags: ['profile'], summary: 'Set the language notifications and letters come to me in', body: LocaleBody, response: { 200: UserEnvelope } },
    },
    async (request) => ({ data: toUserResource(await profiles.setLocale(currentUser(request).id, request.body.locale)) }),
  );
};

export default profileRoutes;
