import { useIntl } from 'react-intl';
import { useMoney } from '../../../components/money';

export function Price({ price, finalPrice, currency }: { price: number; finalPrice: number; currency: string }) {
  const money = useMoney();
  const intl = useIntl();
  return (
    <span className="cat-price">
      <strong>{money(finalPrice, currency)}</strong>
      {finalPrice < price && (
        <s aria-label={intl.formatMessage({ id: 'catalog.ui.price.was' }, { price: money(price, currency) })}>{money(price, currency)}</s>
      )}
    </span>
  );
}
