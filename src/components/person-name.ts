import type { IntlShape } from 'react-intl';

/**
 * How a person is named on screen. An account may have no name yet; a link or heading with no words
 * would then be empty (nothing to read out, nothing to click), so they are called "a user without a name".
 */
export function personName(intl: IntlShape, name: string | null | undefined): string {
  return name?.trim() || intl.formatMessage({ id: 'common.unnamedPerson' });
}
