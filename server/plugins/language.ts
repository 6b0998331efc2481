import fp from 'fastify-plugin';
import { fastifyCookie } from '@fastify/cookie';
import type { IncomingHttpHeaders } from 'node:http';
import { pickLanguage, LANG_COOKIE, type Language } from '../../shared/i18n/languages';
import { translate, type MessageValues } from '../../shared/i18n/translate';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t(key: string, values?: MessageValues): string;
  }
}

/** The language of a request read from its headers alone (for answers given before any hook has run). */
export const languageOfHeaders = (headers: IncomingHttpHeaders): Language =>
  pickLanguage(fastifyCookie.parse(headers.cookie ?? '')[LANG_COOKIE], headers['accept-language']);

/** Every request answers in the language of the `lang` cookie, else Accept-Language, else Russian. */
export default fp(async (app) => {
  app.decorateRequest('lang', 'ru');
  app.decorateRequest('t', function (this: { lang: Language }, key: string, values?: MessageValues) {
    return translate(this.lang, key, values);
  });
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.cookies?.[LANG_COOKIE], request.headers['accept-language']);
  });
}, { name: 'language', dependencies: ['@fastify/cookie'] });
