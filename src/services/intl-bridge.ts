import type { IntlShape } from 'react-intl';

/**
 * Sagas format texts (toasts) with the same intl object the screens use;
 * the I18n provider registers it whenever the language changes.
 */
let current: IntlShape | null = null;

export function registerIntl(intl: IntlShape): void {
  current = intl;
}

export function formatMessage(id: string, values?: Record<string, string | number>): string {
  return current ? current.formatMessage({ id }, values) : id;
}
