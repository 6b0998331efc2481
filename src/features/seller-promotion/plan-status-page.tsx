import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { ApiErrorText } from '../../components/api-error-text';
import { MissingOrFailed } from '../../components/missing-or-failed';
import { useMoney } from '../../components/money';
import { PageLoading } from '../../components/page-loading';
import { PageTitle } from '../../components/page-title';
import { PromotionNav } from './promotion-nav';
import { useSubscriptionStatusQuery } from './promotion-api';
import { RemainingTime } from './subscription-item';
import { SubscriptionActions } from './subscription-actions';
import './promotion.css';

/** `/profile/seller/promotion/plan/status?id=`: how a purchase went, the subscription's state now and its timeline. */
export default function PlanStatusPage() {
  const intl = useIntl();
  const money = useMoney();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const { data: s, error, isLoading } = useSubscriptionStatusQuery(id, { skip: !valid });
  const when = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
  if (isLoading) return <PageLoading />;
  if (!valid || !s) return <MissingOrFailed error={error} />;
  const outcome = s.status === 'pending_payment' ? (s.payment_status === 'failed' ? 'declined' : 'pending') : 'paid';
  return (
    <div className="promo-page">
      <PageTitle id="promotion.ui.statusTitle" />
      <PromotionNav />
      <p className={`promo-outcome promo-outcome-${outcome}`} role="status" data-testid="purchase-outcome">
        {intl.formatMessage({ id: `promotion.outcome.${outcome}` })}
      </p>
      <dl className="promo-facts">
        <dt>{intl.formatMessage({ id: 'promotion.field.target' })}</dt>
        <dd>
          <Link to={s.target.link} data-testid="promotion-target-link">
            {s.target.title}
          </Link>
        </dd>
        <dt>{intl.formatMessage({ id: 'promotion.field.plan' })}</dt>
        <dd>
          {s.plan.name} · {money(s.price, s.currency)}
        </dd>
        <dt>{intl.formatMessage({ id: 'promotion.field.status' })}</dt>
        <dd data-testid="promotion-status">{intl.formatMessage({ id: `promotion.status.${s.status}` })}</dd>
        <dt>{intl.formatMessage({ id: 'promotion.field.perks' })}</dt>
        <dd>{s.perks.map((perk) => intl.formatMessage({ id: `promotion.perk.${perk}` })).join(', ')}</dd>
        {s.started_at ? (
          <>
            <dt>{intl.formatMessage({ id: 'promotion.field.ends' })}</dt>
            <dd>
              {when(s.ends_at)}
              {s.status === 'active' || s.status === 'paused' ? (
                <>
                  {' · '}
                  <RemainingTime seconds={s.remaining_seconds} />
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <SubscriptionActions id={s.id} status={s.status} />
      {s.status === 'pending_payment' ? (
        <p>
          <Link to={`/profile/seller/promotion/plan?${s.target.kind}=${s.target.id}`}>{intl.formatMessage({ id: 'promotion.ui.tryAgain' })}</Link>
        </p>
      ) : null}
      <h2>{intl.formatMessage({ id: 'promotion.ui.timeline' })}</h2>
      <ol className="promo-timeline" data-testid="promotion-timeline">
        <li>
          {when(s.created_at)} — {intl.formatMessage({ id: 'promotion.ui.ordered' })}
        </li>
        {s.history.map((h, i) => (
          <li key={i}>
            {when(h.at)} — {intl.formatMessage({ id: `promotion.status.${h.to}` })} ({intl.formatMessage({ id: `promotion.actor.${h.by}` })})
          </li>
        ))}
      </ol>
      <ApiErrorText error={error} />
    </div>
  );
}
