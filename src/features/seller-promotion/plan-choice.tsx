import { Field } from 'formik';
import { useIntl } from 'react-intl';
import type { PromotionPlanResource } from '../../../shared/api/seller-promotion';
import { useMoney } from '../../components/money';
import { useShownError } from '../../components/forms/use-shown-error';

/** The plans as radio cards: what each gives, for how long and for how much. */
export function PlanChoice({ plans }: { plans: PromotionPlanResource[] }) {
  const intl = useIntl();
  const money = useMoney();
  const { error, errorId } = useShownError('plan_id', 'promo-plan');
  return (
    <fieldset className="promo-section promo-plans" aria-describedby={error ? errorId : undefined}>
      <legend>{intl.formatMessage({ id: 'promotion.field.plan' })}</legend>
      {plans.map((plan) => (
        <label key={plan.id} className="promo-plan" data-testid={`plan-${plan.slug}`}>
          <Field type="radio" name="plan_id" value={String(plan.id)} />
          <span className="promo-plan-body">
            <strong>{plan.name}</strong>
            <span>{plan.description}</span>
            <span className="promo-meta">
              {plan.perks.map((perk) => intl.formatMessage({ id: `promotion.perk.${perk}` })).join(' · ')}
            </span>
            <span className="promo-meta">
              {intl.formatMessage({ id: 'promotion.ui.days' }, { days: plan.duration_days })} · <strong>{money(plan.price, plan.currency)}</strong>
            </span>
          </span>
        </label>
      ))}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
