import { Form, Formik, type FormikHelpers } from 'formik';
import { useIntl } from 'react-intl';
import type { DeliveryBody } from '../../../shared/api/deliveries';
import { COURIER_FIELD_MAX } from '../../../shared/api/order-values';
import type { OrderResource } from '../../../shared/api/orders';
import { canHandToCourier } from '../../../shared/orders/order-machine';
import { deliverySchema } from '../../../shared/validation/orders';
import { FormField } from '../../components/forms/form-field';
import { useServerVerdicts } from '../../components/forms/use-server-verdicts';
import { validateWith } from '../../components/forms/validate-with';
import { useAppDispatch } from '../../session/hooks';
import { OrderMoveError } from './order-move-error';
import { orderChanged, useCreateDeliveryMutation } from './orders-api';

/** The courier an order was handed to, on both sides' order page. */
export function OrderCourier({ order }: { order: OrderResource }) {
  const intl = useIntl();
  const delivery = order.delivery;
  if (!delivery) return null;
  const rows: Array<[string, string | null]> = [
    ['orders.courier.name', delivery.courier_name],
    ['orders.courier.phone', delivery.courier_phone],
    ['orders.courier.tracking', delivery.tracking_code],
    ['orders.courier.expected', delivery.expected_at ? intl.formatDate(delivery.expected_at, { dateStyle: 'medium', timeStyle: 'short' }) : null],
  ];
  return (
    <dl className="order-courier" data-testid="order-courier">
      {rows
        .filter((row): row is [string, string] => row[1] !== null)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{intl.formatMessage({ id: label })}</dt>
            <dd>{label === 'orders.courier.phone' ? <a href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</a> : value}</dd>
          </div>
        ))}
    </dl>
  );
}

interface CourierValues {
  courier_name: string;
  courier_phone: string;
  tracking_code: string;
  /** A `datetime-local` value: the seller's local time, without a zone. */
  expected_at: string;
}

const EMPTY: CourierValues = { courier_name: '', courier_phone: '', tracking_code: '', expected_at: '' };

/** A local "date and time" as the ISO instant the API takes; anything unreadable is passed on for the rule to refuse. */
function expectedInstant(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? text : at.toISOString();
}

/** What goes to `POST /v1/deliveries` (less the order id): trimmed, empty fields as null. */
export const courierBody = (values: CourierValues) => ({
  courier_name: values.courier_name.trim(),
  courier_phone: values.courier_phone.trim() || null,
  tracking_code: values.tracking_code.trim() || null,
  expected_at: expectedInstant(values.expected_at),
});

/**
 * The seller hands a courier order to a courier: shown while the shared
 * machine allows it and no courier is recorded. A 409 (a courier recorded in
 * another tab, or the order moved on) is shown in the reader's language and
 * the order is fetched again, so the page shows how it stands.
 */
export function CourierForm({ order }: { order: OrderResource }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [createDelivery, creating] = useCreateDeliveryMutation();
  const verdicts = useServerVerdicts(validateWith<CourierValues>(deliverySchema, courierBody));
  if (order.delivery || !canHandToCourier(order.status, order.viewer, order.delivery_kind)) return null;

  const submit = async (values: CourierValues, helpers: FormikHelpers<CourierValues>) => {
    const body = courierBody(values);
    const result = await createDelivery({ order_id: order.id, ...body } as DeliveryBody);
    if (!('error' in result)) return;
    if ((result.error as { status?: unknown }).status === 409) dispatch(orderChanged(order.id));
    else verdicts.applyServerErrors(result.error, values, helpers);
  };
  const failure = creating.error as { status?: unknown; data?: { errors?: unknown } } | undefined;
  return (
    <Formik initialValues={EMPTY} validate={verdicts.validate} onSubmit={submit}>
      {({ isSubmitting }) => (
        <Form noValidate className="form order-courier-form" data-testid="courier-form">
          <h3>{intl.formatMessage({ id: 'orders.courier.handTitle' })}</h3>
          <FormField name="courier_name" labelId="orders.courier.name" idPrefix="courier" maxLength={COURIER_FIELD_MAX.courier_name} autoComplete="off" />
          <FormField name="courier_phone" labelId="orders.courier.phoneOptional" idPrefix="courier" type="tel" maxLength={COURIER_FIELD_MAX.courier_phone} autoComplete="off" />
          <FormField name="tracking_code" labelId="orders.courier.trackingOptional" idPrefix="courier" maxLength={COURIER_FIELD_MAX.tracking_code} autoComplete="off" />
          <FormField name="expected_at" labelId="orders.courier.expectedOptional" idPrefix="courier" type="datetime-local" />
          {failure && !failure.data?.errors ? <OrderMoveError error={creating.error} /> : null}
          <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="courier-submit">
            {intl.formatMessage({ id: 'orders.courier.submit' })}
          </button>
        </Form>
      )}
    </Formik>
  );
}
