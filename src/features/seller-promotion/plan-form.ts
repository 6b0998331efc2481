import type { FormikErrors } from 'formik';
import type { PurchasePlanBody } from '../../../shared/api/seller-promotion';
import { cardSchema } from '../../../shared/validation/cards';
import { runSchema } from '../../../shared/validation/run-schema';
import { toFormikErrors } from '../../components/forms/server-errors';

/** The purchase form: a plan, one of my items (`ad:12`, `product:7`), and a saved card or a new one. */
export interface PlanFormValues {
  plan_id: string;
  target: string;
  pay: 'saved' | 'new';
  card_id: string;
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
  save: boolean;
}

/** A seller with a usable saved card starts with it chosen; one without starts on a new card. */
export const emptyPlanForm = (target: string, firstCardId: number | null): PlanFormValues => ({
  plan_id: '',
  target,
  pay: firstCardId ? 'saved' : 'new',
  card_id: firstCardId ? String(firstCardId) : '',
  number: '',
  expiry: '',
  cvc: '',
  holder: '',
  save: false,
});

/** `?ad=12` or `?product=7` preselects what to promote. */
export function targetFromQuery(params: URLSearchParams): string {
  for (const kind of ['ad', 'product'] as const) {
    const id = Number(params.get(kind));
    if (Number.isInteger(id) && id > 0) return `${kind}:${id}`;
  }
  return '';
}

export function purchaseBody(values: PlanFormValues, key: string): PurchasePlanBody {
  const [kind, id] = values.target.split(':');
  return {
    plan_id: Number(values.plan_id),
    target: { kind: kind as 'ad' | 'product', id: Number(id) },
    idempotency_key: key,
    payment:
      values.pay === 'saved'
        ? { card_id: Number(values.card_id) }
        : { card: { number: values.number.trim(), expiry: values.expiry.trim(), cvc: values.cvc.trim(), holder: values.holder.trim() || null }, save_card: values.save },
  };
}

/** The shared card rules for a new card; a choice for each of the rest (catalogue keys, as the form shows them). */
export async function validatePlanForm(values: PlanFormValues): Promise<FormikErrors<PlanFormValues>> {
  const errors: Record<string, string> = {};
  if (!values.plan_id) errors.plan_id = 'promotion.errors.choosePlan';
  if (!values.target) errors.target = 'promotion.errors.chooseTarget';
  if (values.pay === 'saved' && !values.card_id) errors.card_id = 'orders.errors.cardRequired';
  if (values.pay === 'new') {
    const result = await runSchema(cardSchema, { number: values.number, expiry: values.expiry, cvc: values.cvc, holder: values.holder || null });
    if (!result.ok) Object.assign(errors, toFormikErrors(result.errors));
  }
  return errors as FormikErrors<PlanFormValues>;
}

/** The server's field paths → this form's fields. */
export function formErrorsFromServer(messages: Record<string, unknown>): FormikErrors<PlanFormValues> {
  const renamed: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(messages)) {
    const field = path === 'target.id' || path.startsWith('target') ? 'target' : path === 'payment.card_id' ? 'card_id' : path.startsWith('payment.card.') ? path.slice('payment.card.'.length) : path;
    renamed[field] = message;
  }
  return toFormikErrors<PlanFormValues>(renamed);
}

/** A purchase's key: a UUID without dashes fits the contract's `[A-Za-z0-9_-]{8,64}`. */
export const newIdempotencyKey = () => crypto.randomUUID().replaceAll('-', '');
