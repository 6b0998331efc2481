import { useIntl } from 'react-intl';

/** Formats minor units (kopecks, cents) in the reader's language; never a float on the wire. */
export function useMoney() {
  const intl = useIntl();
  return (minor: number, currency: string) =>
    intl.formatNumber(minor / 100, { style: 'currency', currency, minimumFractionDigits: minor % 100 === 0 ? 0 : 2 });
}

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
