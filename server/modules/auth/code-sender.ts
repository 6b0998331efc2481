import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { Mailer } from '../../mail/mailer';
import type { SmsProvider } from '../../sms/sms-provider';

export interface CodeDelivery {
  channel: 'email' | 'phone';
  address: string;
  code: string;
  lang: Language;
}

export interface CodeSender {
  send(delivery: CodeDelivery): Promise<void>;
}

/** Letters for e-mail addresses, the SMS provider for phones; codes also hit the log outside production. */
export function codeSender(mailer: Mailer, sms: SmsProvider, log: FastifyBaseLogger, logCodes: boolean): CodeSender {
  return {
    async send({ channel, address, code, lang }) {
      if (logCodes) log.info({ address, code }, 'sign-in code');
      if (channel === 'phone') return sms.send(address, translate(lang, 'sms.otp.text', { code }));
      await mailer.send({
        to: address,
        subject: translate(lang, 'mail.otp.subject', { code }),
        text: translate(lang, 'mail.otp.text', { code }),
      });
    },
  };
}
