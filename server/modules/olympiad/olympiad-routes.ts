import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import type { CodeSender } from '../auth/code-sender';
import accountRoutes from './account-routes';
import contentRoutes from './content-routes';
import { olympiadContext } from './olympiad-context';
import recoveryRoutes from './recovery-routes';
import registrationRoutes from './registration-routes';
import stagesRoutes from './stages-routes';
import verificationRoutes from './verification-routes';

/** Everything of the olympiad up to taking a test: accounts, e-mail, recovery, pages and stages. */
const olympiadRoutes: FastifyPluginAsync<{ mailer: Mailer; sender: CodeSender }> = async (app, { mailer, sender }) => {
  const olympiad = olympiadContext(app.db, mailer, sender, app.config.publicUrl, app.log);
  await app.register(registrationRoutes, { olympiad });
  await app.register(verificationRoutes, { olympiad });
  await app.register(recoveryRoutes, { olympiad });
  await app.register(accountRoutes, { olympiad });
  await app.register(contentRoutes);
  await app.register(stagesRoutes);
};

export default olympiadRoutes;
