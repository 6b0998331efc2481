import type { IntlShape } from 'react-intl';
import type { CardResource } from '../../../shared/api/cards';

/** "Visa •••• 4242, until 12/40": the brand, the last four digits and the expiry as printed on the card. */
export const cardLine = (intl: IntlShape, card: CardResource) =>
  intl.formatMessage(
    { id: 'cards.ui.line' },
    {
      brand: intl.formatMessage({ id: `cards.brand.${card.brand}` }),
      last4: card.last4,
      month: String(card.exp_month).padStart(2, '0'),
      year: String(card.exp_year % 100).padStart(2, '0'),
    },
  );
