import type { FastifyBaseLogger } from 'fastify';

/** Where phone codes go. Production plugs in a real gateway behind this interface. */
export interface SmsProvider {
  send(phone: string, text: string): Promise<void>;
}

/** The default provider: the text goes to the log, where a developer reads the code. */
export function logSmsProvider(log: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    async send(phone, text) {
      log.info({ phone, sms: text }, 'sms');
    },
  };
}
