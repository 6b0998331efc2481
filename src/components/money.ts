import { useIntl } from 'react-intl';

/** Formats minor units (kopecks, cents) in the reader's language; never a float on the wire. */
export function useMoney() {
  const intl = useIntl();
  return (minor: number, currency: string) =>
    intl.formatNumber(minor / 100, { style: 'currency', currency, minimumFractionDigits: minor % 100 === 0 ? 0 : 2 });
}
