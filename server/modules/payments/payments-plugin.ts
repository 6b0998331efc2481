import fp from 'fastify-plugin';
import type { PaymentProvider } from './payment-provider';
import { paymentsService, type PaymentsService } from './payments-service';
import { paymentProviderNamed } from './provider-registry';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
  }
}

/** The app's payment side: the provider named by `PAYMENT_PROVIDER` (or one a test passes) and the service on it. */
export default fp<{ provider?: PaymentProvider }>(
  async (app, options) => {
    const provider = options.provider ?? paymentProviderNamed(app.config.paymentProvider);
    app.decorate('payments', paymentsService(app.db, provider, app.log));
  },
  { name: 'payments', dependencies: ['database'] },
);
