import { msg } from './message';

/**
 * The one rule for characters no text of ours may hold, on the server (every
 * string of every body, query and path, see server/plugins/strict-input.ts)
 * and in the SPA (the composer drops them before sending):
 *
 * - C0 controls U+0000–U+001F except tab, line feed and carriage return:
 *   PostgreSQL refuses NUL, and the rest only hide or garble text;
 * - DEL U+007F and the C1 controls U+0080–U+009F: nobody types them, and
 *   they come only from broken encodings or from attempts to hide text;
 * - lone surrogates (half of a UTF-16 pair): not Unicode text at all, they
 *   cannot be written as UTF-8 and would come back changed.
 */
// eslint-disable-next-line no-control-regex
const FORBIDDEN_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isPlainText = (text: string): boolean => !FORBIDDEN_CHARACTERS.test(text);

/** The same characters removed, for text a person pasted: what the SPA sends instead. */
export const withoutForbiddenCharacters = (text: string): string => text.replace(new RegExp(FORBIDDEN_CHARACTERS.source, 'g'), '');

export const forbiddenCharactersMessage = () => msg('validation.controlCharacters');
