import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authorizeChannel } from '../../realtime/signature';
import { forbidden } from '../../lib/http-error';
import { currentUser } from '../../plugins/authentication';
import { isPresenceChannel, mayJoin } from './channel-access';

const AuthBody = Type.Object({
  socket_id: Type.String({ pattern: '^\\d+\\.\\d+$', maxLength: 64 }),
  channel_name: Type.String({ minLength: 1, maxLength: 200 }),
});

const AuthResponse = Type.Object({ auth: Type.String(), channel_data: Type.Optional(Type.String()) });

/** Channel authorization for pusher-js / laravel-echo (form-encoded or JSON body). */
const broadcastingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/broadcasting/auth',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['realtime'], summary: 'Sign a private or presence channel subscription', body: AuthBody, response: { 200: AuthResponse } },
    },
    async (request) => {
      const user = currentUser(request);
      const { socket_id: socketId, channel_name: channel } = request.body;
      if (!mayJoin(user, channel)) throw forbidden();
      const { key, secret } = app.config.pusher;
      const channelData = isPresenceChannel(channel)
        ? JSON.stringify({ user_id: String(user.id), user_info: { name: user.name, role: user.role } })
        : undefined;
      return authorizeChannel({ key, secret }, socketId, channel, channelData);
    },
  );
};

export default broadcastingRoutes;
