import type { FastifyError, FastifyPluginAsync } from 'fastify';
import { validationFailed } from '../../lib/http-error';
import { msg } from '../../../shared/validation/message';
import { sweepExpired } from './attempt-finisher';
import { ImportSyntaxError } from './import/import-types';
import participantRoutes from './participant-routes';
import staffBankRoutes from './staff-bank-routes';
import staffResultsRoutes from './staff-results-routes';
import { TestConflict } from './test-conflict';

/** How often the sweep looks for attempts past their deadline (plus the grace). */
export const SWEEP_INTERVAL_MS = 500;

/**
 * The olympiad's tests (issue 7): participants' attempts, staff editing,
 * import and grading, and the sweep that ends attempts at their deadline
 * even when no browser is left to do it.
 */
const olympiadTestsRoutes: FastifyPluginAsync = async (app) => {
  // 409s of this API carry a machine-readable code (and the stored answer on a version conflict).
  app.setErrorHandler((error: FastifyError | TestConflict | ImportSyntaxError, request, reply) => {
    if (error instanceof TestConflict) {
      return reply.status(409).send({
        message: request.t(error.messageKey, error.values),
        code: error.code,
        ...(error.stored ? { data: error.stored } : {}),
        server_time: new Date().toISOString(),
      });
    }
    // An unreadable file: the parent handler answers with the 422 envelope.
    if (error instanceof ImportSyntaxError) {
      const detail = error.detailKey ? request.t(error.detailKey, error.detailValues) : '';
      throw validationFailed({ content: [msg(error.messageKey, { ...error.values, detail })] });
    }
    throw error;
  });

  await app.register(participantRoutes);
  await app.register(staffBankRoutes);
  await app.register(staffResultsRoutes);

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  const tick = () => {
    if (running) return;
    running = sweepExpired(app.db, new Date())
      .catch((err: unknown) => app.log.error({ err }, 'olympiad attempt sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = null;
    await running;
  });
};

export default olympiadTestsRoutes;
