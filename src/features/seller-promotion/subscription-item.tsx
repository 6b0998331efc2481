import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SubscriptionResource } from '../../../shared/api/seller-promotion';
import { useMoney } from '../../components/money';
import { SubscriptionActions } from './subscription-actions';

/** What is left: days while more than one remains, else hours (frozen while paused). */
export function RemainingTime({ seconds }: { seconds: number | null }) {
  const intl = useIntl();
  if (seconds === null) return null;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.ceil((seconds % 86_400) / 3600);
  return <>{intl.formatMessage({ id: 'promotion.ui.remaining' }, { days, hours })}</>;
}

/** One subscription in a list: the plan, what it promotes, its state, dates and the seller's buttons. */
export function SubscriptionItem({ subscription: s }: { subscription: SubscriptionResource }) {
  const intl = useIntl();
  const money = useMoney();
  const date = (iso: string | null) => (iso ? intl.formatDate(iso, { dateStyle: 'medium' }) : '—');
  return (
    <li className={`promo-item promo-${s.status}`} data-testid="promotion-item" data-status={s.status}>
      <div className="promo-item-head">
        <Link to={s.target.link} className="promo-target">
          {s.target.title}
        </Link>
        <span className="promo-status" data-testid="promotion-status">
          {intl.formatMessage({ id: `promotion.status.${s.status}` })}
        </span>
      </div>
      <p className="promo-meta">
        {s.plan.name} · {s.perks.map((perk) => intl.formatMessage({ id: `promotion.perk.${perk}` })).join(', ')} · {money(s.price, s.currency)}
      </p>
      {s.started_at ? (
        <p className="promo-meta">
          {intl.formatMessage({ id: 'promotion.ui.period' }, { from: date(s.started_at), to: date(s.ends_at) })}
          {s.status === 'active' || s.status === 'paused' ? (
            <>
              {' · '}
              <RemainingTime seconds={s.remaining_seconds} />
            </>
          ) : null}
        </p>
      ) : null}
      <div className="promo-item-foot">
        <SubscriptionActions id={s.id} status={s.status} />
        <Link to={`/profile/seller/promotion/plan/status?id=${s.id}`}>{intl.formatMessage({ id: 'promotion.ui.details' })}</Link>
      </div>
    </li>
  );
}
