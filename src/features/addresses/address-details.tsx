import { useIntl } from 'react-intl';
import type { AddressResource } from '../../../shared/api/addresses';

const COURIER_FIELDS = ['entrance', 'floor', 'intercom'] as const;

/** What the courier needs beyond the line: entrance, floor, intercom and the comment, each labelled. */
export function AddressDetails({ address }: { address: AddressResource }) {
  const intl = useIntl();
  const parts = COURIER_FIELDS.filter((field) => address[field]).map((field) => intl.formatMessage({ id: `addresses.details.${field}` }, { value: address[field] }));
  if (parts.length === 0 && !address.comment) return null;
  return (
    <span className="muted">
      {parts.join(', ')}
      {address.comment ? <>{parts.length ? <br /> : null}{address.comment}</> : null}
    </span>
  );
}
