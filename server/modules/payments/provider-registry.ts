import type { PaymentProvider } from './payment-provider';
import { createTestProvider } from './test-provider';

/**
 * Providers by their `PAYMENT_PROVIDER` name. A real one is added here with
 * its own settings read from the environment; `test` is the default.
 */
const FACTORIES: Record<string, () => PaymentProvider> = {
  test: createTestProvider,
};

export function paymentProviderNamed(name: string): PaymentProvider {
  const factory = FACTORIES[name];
  if (!factory) throw new Error(`Unknown PAYMENT_PROVIDER "${name}" (known: ${Object.keys(FACTORIES).join(', ')})`);
  return factory();
}
