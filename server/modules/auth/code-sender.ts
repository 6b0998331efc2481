import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { ContactKind } from '../../../shared/validation/contact';
import type { Mailer } from '../../mail/mailer';
import type { SmsProvider } from '../../sms/sms-provider';

/** A code signs in (`sign-in`) or proves an address someone wants to add to their account (`confirm`). */
export type CodePurpose = 'sign-in' | 'confirm';

export interface CodeDelivery {
  channel: ContactKind;
  address: string;
  code: string;
  lang: Language;
  purpose?: CodePurpose;
}

export interface AddressReplaced {
  channel: ContactKind;
  /** The address that was the account's and is told of the change. */
  address: string;
  replacement: string;
  lang: Language;
}

export interface CodeSender {
  send(delivery: CodeDelivery): Promise<void>;
  /** Tells an account's former address that another one took its place. */
  replaced(notice: AddressReplaced): Promise<void>;
}

/** Letters for e-mail addresses, the SMS provider for phones; codes also hit the log outside production. */
export function codeSender(mailer: Mailer, sms: SmsProvider, log: FastifyBaseLogger, logCodes: boolean): CodeSender {
  async function deliver(channel: ContactKind, address: string, lang: Language, kind: string, values: Record<string, string>) {
    if (channel === 'phone') return sms.send(address, translate(lang, `sms.${kind}.text`, values));
    await mailer.send({ to: address, subject: translate(lang, `mail.${kind}.subject`, values), text: translate(lang, `mail.${kind}.text`, values) });
  }

  return {
    async send({ channel, address, code, lang, purpose = 'sign-in' }) {
      if (logCodes) log.info({ address, code, purpose }, 'one-time code');
      await deliver(channel, address, lang, purpose === 'sign-in' ? 'otp' : 'confirmAddress', { code });
    },
    async replaced({ channel, address, replacement, lang }) {
      await deliver(channel, address, lang, 'addressReplaced', { replacement });
    },
  };
}
