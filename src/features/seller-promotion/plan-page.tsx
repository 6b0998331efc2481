import { Field, Form, Formik, type FormikHelpers } from 'formik';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { CardFields } from '../../account/card-fields';
import { useSavedCardsQuery } from '../../account/cards-api';
import { ApiErrorText } from '../../components/api-error-text';
import { SelectField } from '../../components/forms/select-field';
import { serverFieldErrors } from '../../components/forms/server-errors';
import { useMoney } from '../../components/money';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { useAppSelector } from '../../session/hooks';
import { selectUserId } from '../../session/session-slice';
import { emptyPlanForm, formErrorsFromServer, newIdempotencyKey, purchaseBody, targetFromQuery, validatePlanForm, type PlanFormValues } from './plan-form';
import { PlanChoice } from './plan-choice';
import { PromotionNav } from './promotion-nav';
import { useMyPublishedAdsQuery, useMyPublishedProductsQuery, usePromotionPlansQuery, usePurchasePlan } from './promotion-api';
import './promotion.css';

/**
 * `/profile/seller/promotion/plan`: a plan, one of my published ads or products (`?ad=` / `?product=`
 * preselect it) and a card. One idempotency key per visit of the form: a double click, or a retry
 * after a declined card or a lost answer, is the same purchase and never buys twice.
 */
export default function PlanPage() {
  const intl = useIntl();
  const money = useMoney();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = useAppSelector(selectUserId);
  const plans = usePromotionPlansQuery();
  const ads = useMyPublishedAdsQuery(userId ?? 0, { skip: !userId });
  const products = useMyPublishedProductsQuery();
  const cards = useSavedCardsQuery();
  const purchase = usePurchasePlan();
  const key = useRef(newIdempotencyKey());
  const [failure, setFailure] = useState<unknown>(null);

  if (plans.isLoading || ads.isLoading || products.isLoading || cards.isLoading) return <PageLoading />;
  const usable = (cards.data ?? []).filter((card) => !card.is_expired);
  const items = [...(ads.data?.data ?? []).map((ad) => ({ value: `ad:${ad.id}`, label: ad.title })), ...(products.data?.data ?? []).map((p) => ({ value: `product:${p.id}`, label: p.name }))];

  async function submit(values: PlanFormValues, helpers: FormikHelpers<PlanFormValues>) {
    setFailure(null);
    const outcome = await purchase(purchaseBody(values, key.current));
    if ('data' in outcome) {
      navigate(`/profile/seller/promotion/plan/status?id=${outcome.data.id}`);
      return;
    }
    const fields = serverFieldErrors(outcome.error);
    if (fields) helpers.setErrors(formErrorsFromServer(fields));
    else setFailure(outcome.error);
  }

  return (
    <div className="promo-page">
      <PageTitle id="promotion.ui.planTitle" />
      <PromotionNav />
      <ApiErrorText error={plans.error ?? ads.error ?? products.error} />
      <Formik initialValues={emptyPlanForm(targetFromQuery(params), usable[0]?.id ?? null)} validate={validatePlanForm} onSubmit={submit}>
        {({ values, isSubmitting }) => (
          <Form noValidate className="form promo-form" data-testid="plan-form">
            <PlanChoice plans={plans.data ?? []} />
            {items.length === 0 ? <p className="cat-muted" data-testid="nothing-to-promote">{intl.formatMessage({ id: 'promotion.ui.nothingToPromote' })}</p> : null}
            <SelectField name="target" labelId="promotion.field.target" emptyId="promotion.field.targetChoose" testId="promotion-target" idPrefix="promo">
              {items.map((item) => (
                <option key={item.value} value={item.value}>
                  {item.label}
                </option>
              ))}
            </SelectField>
            <fieldset className="promo-section" data-testid="promotion-payment">
              <legend>{intl.formatMessage({ id: 'checkout.ui.payment' })}</legend>
              <label className="promo-option">
                <Field type="radio" name="pay" value="saved" disabled={usable.length === 0} />
                {intl.formatMessage({ id: 'checkout.payment.saved_card' })}
              </label>
              {values.pay === 'saved' ? (
                <SelectField name="card_id" labelId="checkout.ui.card" emptyId="promotion.field.cardChoose" idPrefix="promo">
                  {usable.map((card) => (
                    <option key={card.id} value={card.id}>
                      {intl.formatMessage(
                        { id: 'checkout.ui.cardLine' },
                        { brand: card.brand.toUpperCase(), last4: card.last4, month: String(card.exp_month).padStart(2, '0'), year: String(card.exp_year % 100).padStart(2, '0') },
                      )}
                    </option>
                  ))}
                </SelectField>
              ) : null}
              <label className="promo-option">
                <Field type="radio" name="pay" value="new" />
                {intl.formatMessage({ id: 'checkout.payment.new_card' })}
              </label>
              {values.pay === 'new' ? (
                <div className="promo-new-card">
                  <CardFields idPrefix="card" />
                  <label className="promo-option">
                    <Field type="checkbox" name="save" />
                    {intl.formatMessage({ id: 'cards.field.save' })}
                  </label>
                </div>
              ) : null}
            </fieldset>
            <ApiErrorText error={failure} />
            <button type="submit" className="button button-primary" disabled={isSubmitting} data-testid="promotion-pay">
              {(() => {
                const plan = plans.data?.find((p) => String(p.id) === values.plan_id);
                return plan ? intl.formatMessage({ id: 'promotion.ui.payAmount' }, { amount: money(plan.price, plan.currency) }) : intl.formatMessage({ id: 'promotion.ui.pay' });
              })()}
            </button>
          </Form>
        )}
      </Formik>
    </div>
  );
}
