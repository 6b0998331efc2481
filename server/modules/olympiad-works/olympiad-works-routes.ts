import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { Mailer } from '../../mail/mailer';
import contestsRoutes from './contests-routes';
import { decisionAnnouncer } from './decision-announcer';
import { moderationService } from './moderation-service';
import moderationRoutes from './moderation-routes';
import myWorksRoutes from './my-works-routes';
import { WORK_MULTIPART_LIMITS } from './work-form';
import workFileRoutes from './work-file-routes';
import { worksService } from './works-service';

/**
 * Creative works of the olympiad (issue 15): contests, a participant's works, their files and
 * moderation. The gallery, likes and the rating read the same tables from their own modules.
 */
const olympiadWorksRoutes: FastifyPluginAsync<{ mailer: Mailer }> = async (app, { mailer }) => {
  // Another module may already have made multipart available in this scope.
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { limits: WORK_MULTIPART_LIMITS });
  const works = worksService(app.db, app.storage, app.log);
  const moderation = moderationService(app.db, app.storage, decisionAnnouncer(app.db, app.notifier, mailer, app.config.publicUrl, app.log));
  await app.register(contestsRoutes);
  await app.register(myWorksRoutes, { works });
  await app.register(workFileRoutes);
  await app.register(moderationRoutes, { moderation });
};

export default olympiadWorksRoutes;
