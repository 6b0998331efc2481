import type { Language } from '../../../shared/i18n/languages';
import { translate } from '../../../shared/i18n/translate';
import type { Mailer } from '../../mail/mailer';
import { RESET_TTL_MINUTES, VERIFICATION_TTL_HOURS } from '../../../shared/validation/olympiad-account';
import type { VerificationLetters } from './verification-service';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Plain text for every mail reader, and the same words with a real link for the others: the
 * messages `<prefix>.subject`, `<prefix>.text` and (with a link) `<prefix>.button`.
 */
export function olympiadLetter(lang: Language, prefix: string, values: Record<string, string | number>, link?: string) {
  const text = translate(lang, `${prefix}.text`, values);
  const paragraphs = text.split('\n\n').map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  const button = link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(translate(lang, `${prefix}.button`))}</a></p>` : '';
  return { subject: translate(lang, `${prefix}.subject`, values), text, html: `${paragraphs.join('')}${button}` };
}

const letter = (lang: Language, kind: string, values: Record<string, string | number>, link?: string) => olympiadLetter(lang, `olympiad.mail.${kind}`, values, link);

export interface OlympiadMail {
  verification(to: string, lang: Language, name: string, token: string): Promise<void>;
  /** A note to an address that already has an account: sign in or recover there (no link that verifies anything). */
  alreadyOwned(to: string, lang: Language): Promise<void>;
  /** What the verification service sends for one participant. */
  verificationLetters(lang: Language, name: string): VerificationLetters;
  passwordReset(to: string, lang: Language, name: string, token: string): Promise<void>;
  passwordChanged(to: string, lang: Language, name: string): Promise<void>;
}

/** The olympiad's letters; links point at the SPA's screens under `publicUrl`. */
export function olympiadMail(mailer: Mailer, publicUrl: string): OlympiadMail {
  const base = publicUrl.replace(/\/+$/, '');
  const mail: OlympiadMail = {
    async verification(to, lang, name, token) {
      const link = `${base}/olympiad/verify?token=${encodeURIComponent(token)}`;
      await mailer.send({ to, ...letter(lang, 'verify', { name, link, hours: VERIFICATION_TTL_HOURS }, link) });
    },
    async alreadyOwned(to, lang) {
      const signIn = `${base}/olympiad/login`;
      const recover = `${base}/olympiad/recover`;
      await mailer.send({ to, ...letter(lang, 'alreadyOwned', { signIn, recover }, signIn) });
    },
    verificationLetters: (lang, name) => ({
      link: (to, token) => mail.verification(to, lang, name, token),
      alreadyOwned: (to) => mail.alreadyOwned(to, lang),
    }),
    async passwordReset(to, lang, name, token) {
      const link = `${base}/olympiad/recover?token=${encodeURIComponent(token)}`;
      await mailer.send({ to, ...letter(lang, 'reset', { name, link, minutes: RESET_TTL_MINUTES }, link) });
    },
    async passwordChanged(to, lang, name) {
      const link = `${base}/olympiad/recover`;
      await mailer.send({ to, ...letter(lang, 'passwordChanged', { name, link }) });
    },
  };
  return mail;
}
