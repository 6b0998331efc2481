import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES, type OrderStatus } from '../../../shared/orders/order-machine';

/** The state filter of the URL (`?status=placed`), or none; anything else in the URL means none. */
export function useStatusParam(): OrderStatus | undefined {
  const [params] = useSearchParams();
  const value = params.get('status');
  return ORDER_STATUSES.find((status) => status === value);
}

export function useBusinessParam(): number | undefined {
  const [params] = useSearchParams();
  const id = Number(params.get('business'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** A select bound to one URL parameter; changing it goes back to the first page. */
export function UrlSelect({ name, label, options, testId }: { name: string; label: string; options: Array<{ value: string; label: string }>; testId: string }) {
  const [params, setParams] = useSearchParams();
  return (
    <label className="order-filter">
      {label}{' '}
      <select
        value={params.get(name) ?? ''}
        data-testid={testId}
        onChange={(event) => {
          const next = new URLSearchParams(params);
          if (event.target.value) next.set(name, event.target.value);
          else next.delete(name);
          next.delete('page');
          setParams(next);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function StatusFilter() {
  const intl = useIntl();
  return (
    <UrlSelect
      name="status"
      testId="status-filter"
      label={intl.formatMessage({ id: 'orders.ui.filterStatus' })}
      options={[{ value: '', label: intl.formatMessage({ id: 'orders.ui.allStatuses' }) }, ...ORDER_STATUSES.map((status) => ({ value: status, label: intl.formatMessage({ id: `orders.status.${status}` }) }))]}
    />
  );
}
