import Cookies from 'js-cookie';
import { LANG_COOKIE, LANG_COOKIE_DAYS, isLanguage, type Language } from '../../shared/i18n/languages';
import { SESSION_TOKEN_COOKIE } from '../../shared/session-cookie';

/** SPEC §3: both session cookies live 7 days, SameSite strict. */
export const SESSION_DAYS = 7;
const TOKEN = SESSION_TOKEN_COOKIE;
const USER_ID = 'userId';
const base = { sameSite: 'strict' as const, path: '/', secure: typeof location !== 'undefined' && location.protocol === 'https:' };

export interface StoredSession {
  token: string;
  userId: number;
}

export function readSession(): StoredSession | null {
  const token = Cookies.get(TOKEN);
  const userId = Number(Cookies.get(USER_ID));
  return token && Number.isInteger(userId) && userId > 0 ? { token, userId } : null;
}

export function writeSession({ token, userId }: StoredSession): void {
  Cookies.set(TOKEN, token, { ...base, expires: SESSION_DAYS });
  Cookies.set(USER_ID, String(userId), { ...base, expires: SESSION_DAYS });
}

export function clearSession(): void {
  Cookies.remove(TOKEN, { path: '/' });
  Cookies.remove(USER_ID, { path: '/' });
}

export function readLanguage(): Language | null {
  const value = Cookies.get(LANG_COOKIE);
  return isLanguage(value) ? value : null;
}

export function writeLanguage(lang: Language, days = LANG_COOKIE_DAYS): void {
  Cookies.set(LANG_COOKIE, lang, { ...base, expires: days });
}
