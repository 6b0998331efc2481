import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataEnvelope } from '../../../shared/api/envelope';
import { UserResource } from '../../../shared/api/users';
import { normalizeEmail, normalizePhone } from '../../../shared/validation/contact';
import { msg } from '../../../shared/validation/message';
import { PROFILE_ABOUT_MAX, PROFILE_NAME_MAX, profileSchema } from '../../../shared/validation/profile';
import type { FieldErrors } from '../../../shared/validation/run-schema';
import { validationFailed } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { currentUser } from '../../plugins/authentication';
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

const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const profiles = profileRepository(app.db);

  app.get(
    '/profile',
    { preHandler: app.authenticate, schema: { tags: ['profile'], summary: 'My profile', response: { 200: DataEnvelope(UserResource) } } },
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
    { preHandler: app.authenticate, schema: { tags: ['profile'], summary: 'Update my profile', body: ProfileBody, response: { 200: DataEnvelope(UserResource) } } },
    async (request) => {
      const user = currentUser(request);
      const input = await validateShared(profileSchema, { ...request.body, email: request.body.email ?? '', phone: request.body.phone ?? '' });
      const email = input.email ? normalizeEmail(input.email) : null;
      const phone = input.phone ? normalizePhone(input.phone) : null;
      // An account must keep at least one way to sign in.
      if (!email && !phone) {
        const field = user.phone ? 'phone' : 'email';
        throw validationFailed({ [field]: [msg('validation.required')] });
      }
      const taken = await profiles.takenBy(user.id, email, phone);
      const errors: FieldErrors = {};
      if (taken.email) errors.email = [msg('auth.errors.addressTaken')];
      if (taken.phone) errors.phone = [msg('auth.errors.addressTaken')];
      if (Object.keys(errors).length) throw validationFailed(errors);
      const updated = await profiles.update(user.id, { name: input.name, email, phone, about: input.about ?? '' });
      return { data: toUserResource(updated) };
    },
  );
};

export default profileRoutes;
