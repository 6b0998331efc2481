import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { AppConfig } from './config';
import { databaseOptionsOf, openDatabase, type Database } from './db/client';
import { createMailer, type Mailer } from './mail/mailer';
import { logSmsProvider, type SmsProvider } from './sms/sms-provider';
import language from './plugins/language';
import rateLimits from './plugins/rate-limits';
import errorHandler from './plugins/error-handler';
import { frameworkErrors } from './plugins/framework-errors';
import strictInput from './plugins/strict-input';
import apiKey from './plugins/api-key';
import database from './plugins/database';
import authentication from './plugins/authentication';
import spa from './plugins/spa';
import securityHeaders from './plugins/security-headers';
import { DOCS_DIRECTIVES, serializePolicy, type BrowserRealtime } from './security/content-security-policy';
import realtime from './plugins/realtime';
import type { Publisher } from './modules/realtime/publisher';
import broadcastingRoutes from './modules/realtime/broadcasting-routes';
import notificationsRoutes from './modules/notifications/notifications-routes';
import dashboardRoutes from './modules/dashboard/dashboard-routes';
import healthRoutes from './modules/health/health-routes';
import authRoutes from './modules/auth/auth-routes';
import { codeSender } from './modules/auth/code-sender';
import profileRoutes from './modules/profile/profile-routes';
import workspaceRoutes from './modules/profile/workspace-routes';
import homeRoutes from './modules/home/home-routes';
import catalogRoutes from './modules/catalog/catalog-routes';
import storagePlugin from './storage/storage-plugin';
import { storageForDataDir } from './storage/local-storage';
import chatsRoutes from './modules/chats/chats-routes';
import supportRoutes from './modules/support/support-routes';
import olympiadRoutes from './modules/olympiad/olympiad-routes';
import olympiadTestsRoutes from './modules/olympiad-tests/olympiad-tests-routes';
import olympiadGalleryRoutes from './modules/olympiad-gallery/olympiad-gallery-routes';
import olympiadRatingRoutes from './modules/olympiad-rating/rating-routes';
import olympiadWorksRoutes from './modules/olympiad-works/olympiad-works-routes';
import paymentsPlugin from './modules/payments/payments-plugin';
import type { PaymentProvider } from './modules/payments/payment-provider';
import cartRoutes from './modules/cart/cart-routes';
import ordersRoutes from './modules/orders/orders-routes';
import addressesRoutes from './modules/addresses/addresses-routes';
import cardsRoutes from './modules/cards/cards-routes';
import deliveriesRoutes from './modules/deliveries/deliveries-routes';
import promotionRoutes from './modules/promotion/promotion-routes';
import bannersRoutes from './modules/banners/banners-routes';
import adminUsersRoutes from './modules/admin-users/admin-users-routes';
import adminAuditRoutes from './modules/admin-audit/admin-audit-routes';
import sellerDashboardRoutes from './modules/seller-dashboard/seller-dashboard-routes';
import statisticsRoutes from './modules/statistics/statistics-routes';
import adminRoutes from './modules/admin/admin-routes';
import adminCategoriesRoutes from './modules/admin-categories/admin-categories-routes';
import broadcastsRoutes from './modules/broadcasts/broadcasts-routes';
import moderationRoutes from './modules/admin-moderation/moderation-routes';

export interface AppDeps {
  /** Tests pass one shared database; otherwise the app opens (and closes) its own. */
  database?: Database;
  mailer?: Mailer;
  sms?: SmsProvider;
  /** Tests capture events in memory; otherwise they go out through the pusher SDK. */
  publisher?: Publisher;
  /** Tests may pass their own card payment provider; otherwise `PAYMENT_PROVIDER` picks one. */
  paymentProvider?: PaymentProvider;
  /** Where the log goes (tests capture it); stdout otherwise. */
  logStream?: NodeJS.WritableStream;
}

/**
 * Card numbers and CVCs must never reach a log. Request bodies are not logged
 * (the `req` serializer keeps method, path and address), and should any code
 * log a body or an input object, these paths are censored all the same.
 */
const REDACTED_PATHS = ['number', 'cvc', 'card.number', 'card.cvc', '*.number', '*.cvc', '*.card.number', '*.card.cvc', 'body.number', 'body.cvc', 'body.card.number', 'body.card.cvc'];

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
            // Links in letters carry one-time tokens in the query string: the log keeps only the path.
            serializers: {
              req: (request: { method: string; url: string; ip?: string }) => ({
                method: request.method,
                url: request.url.split('?')[0],
                ip: request.ip,
              }),
            },
          },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // No type coercion anywhere: JSON bodies must carry the types their schema says, and text parts (path,
    // query, forms) are read by one strict rule before validation (plugins/strict-input.ts).
    ajv: { customOptions: { removeAdditional: true, coerceTypes: false, useDefaults: true, allErrors: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const ownsDatabase = !deps.database;
  const db = deps.database ?? (await openDatabase(databaseOptionsOf(config)));
  if (ownsDatabase) await db.migrate();
  const mailer = deps.mailer ?? createMailer(config.smtpUrl, config.mailFrom);
  const sms = deps.sms ?? logSmsProvider(app.log);
  app.decorate('config', config);
  app.addHook('onClose', async () => {
    if (!deps.mailer) mailer.close();
    if (ownsDatabase) await db.close();
  });

  // What the page's pusher-js connects to: written into the page, and allowed by its policy.
  // Behind a balancer the API may publish to one node while pages connect to the balancer's port.
  const browserRealtime: BrowserRealtime = { host: config.publicPusherHost, port: config.publicPusherPort ?? config.pusher.port, useTLS: config.pusher.useTLS };
  // First, so every answer carries the headers, errors and refusals by later plugins included.
  await app.register(securityHeaders, { realtime: browserRealtime });
  await app.register(cookie);
  // pusher-js posts channel authorization as a form.
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(rateLimits, { redisUrl: config.redisUrl });
  await app.register(language);
  await app.register(errorHandler);
  await app.register(strictInput);
  await app.register(apiKey, { apiKey: config.apiKey });
  await app.register(database, { database: db });
  await app.register(authentication);
  await app.register(realtime, { publisher: deps.publisher });
  await app.register(paymentsPlugin, { provider: deps.paymentProvider });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bazaar API', version: '1.0.0', description: 'Marketplace and olympiad API' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  // Swagger UI's pages get their own policy (it replaces the app's on every docs route).
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: serializePolicy(DOCS_DIRECTIVES) });

  await app.register(storagePlugin, { storage: storageForDataDir(config.dataDir) });
  await app.register(healthRoutes);
  await app.register(broadcastingRoutes);
  await app.register(
    async (v1) => {
      const sender = codeSender(mailer, sms, app.log, config.env !== 'production');
      await v1.register(authRoutes, { sender });
      await v1.register(profileRoutes, { sender });
      await v1.register(workspaceRoutes);
      await v1.register(homeRoutes);
      await v1.register(catalogRoutes);
      await v1.register(notificationsRoutes);
      await v1.register(dashboardRoutes);
      await v1.register(chatsRoutes);
      await v1.register(supportRoutes);
      await v1.register(olympiadRoutes, { mailer, sender });
      await v1.register(olympiadTestsRoutes);
      await v1.register(olympiadGalleryRoutes);
      await v1.register(olympiadRatingRoutes);
      await v1.register(olympiadWorksRoutes, { mailer });
      await v1.register(cartRoutes);
      await v1.register(ordersRoutes);
      await v1.register(addressesRoutes);
      await v1.register(cardsRoutes);
      await v1.register(deliveriesRoutes);
      await v1.register(promotionRoutes);
      await v1.register(bannersRoutes);
      await v1.register(sellerDashboardRoutes);
      await v1.register(statisticsRoutes);
      await v1.register(adminRoutes);
      await v1.register(adminCategoriesRoutes);
      await v1.register(adminUsersRoutes);
      await v1.register(adminAuditRoutes);
      await v1.register(broadcastsRoutes);
      await v1.register(moderationRoutes);
    },
    { prefix: '/v1' },
  );
  await app.register(spa, {
    webRoot: config.webRoot,
    clientConfig: {
      apiUrl: '',
      apiKey: config.apiKey,
      pusher: { key: config.pusher.key, ...browserRealtime },
    },
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
  }
}
