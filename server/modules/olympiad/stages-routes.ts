import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, IdParams } from '../../../shared/api/envelope';
import { StageEditBody, StageResource, StagesResponse } from '../../../shared/api/olympiad-stages';
import { stageEditSchema } from '../../../shared/validation/olympiad-stages';
import { notFound } from '../../lib/http-error';
import { validateShared } from '../../lib/shared-schema';
import { isOlympiadEditor, OLYMPIAD_EDITORS } from './editors';
import { stagesRepository, toStageResource } from './stages-repository';

/** The four stages with their dates; staff set the dates and may end a stage early. */
const stagesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const stages = stagesRepository(app.db);

  app.get(
    '/olympiad/stages',
    { schema: { tags: ['olympiad'], summary: 'The olympiad stages, with the server time for countdowns', response: { 200: StagesResponse } } },
    async (request) => {
      const now = new Date();
      const rows = await stages.list();
      const editable = isOlympiadEditor(request.user);
      return { data: rows.map((row) => toStageResource(row, now)), server_time: now.toISOString(), editable };
    },
  );

  app.put(
    '/olympiad/stages/:id',
    {
      preHandler: app.requireRole(...OLYMPIAD_EDITORS),
      schema: {
        tags: ['olympiad'],
        summary: 'Set a stage’s dates or mark it ended (admin, moderator)',
        params: IdParams,
        body: StageEditBody,
        response: { 200: DataEnvelope(StageResource) },
      },
    },
    async (request) => {
      const stage = await stages.byId(request.params.id);
      if (!stage) throw notFound();
      const input = await validateShared(stageEditSchema, request.body);
      const now = new Date();
      const updated = await stages.update(stage, { startsAt: new Date(input.starts_at), endsAt: new Date(input.ends_at), ended: input.ended }, now);
      return { data: toStageResource(updated, now) };
    },
  );
};

export default stagesRoutes;
