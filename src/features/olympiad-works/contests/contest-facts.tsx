import { useIntl } from 'react-intl';
import type { Contest } from '../../../../shared/api/olympiad-works';

const moscow = { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Moscow' } as const;

/** A contest's dates (Moscow time, as every olympiad date), who may enter, and the works allowed each. */
export function ContestFacts({ contest }: { contest: Contest }) {
  const intl = useIntl();
  const list = (items: string[]) => intl.formatList(items, { type: 'conjunction' });
  return (
    <dl className="contest-facts">
      <dt>{intl.formatMessage({ id: 'olympiadWorks.contest.dates' })}</dt>
      <dd>
        {intl.formatMessage({ id: 'olympiadWorks.contest.datesValue' }, { start: intl.formatDate(contest.starts_at, moscow), end: intl.formatDate(contest.ends_at, moscow) })}{' '}
        <span className={`badge contest-state-${contest.state}`} data-testid="contest-state">
          {intl.formatMessage({ id: `olympiadWorks.contest.state.${contest.state}` })}
        </span>
      </dd>
      <dt>{intl.formatMessage({ id: 'olympiadWorks.contest.who' })}</dt>
      <dd>
        {contest.categories.length ? list(contest.categories.map((category) => intl.formatMessage({ id: `olympiad.category.${category}` }))) : intl.formatMessage({ id: 'olympiadWorks.contest.everyCategory' })}
        {contest.stage_kinds.length
          ? `; ${intl.formatMessage({ id: 'olympiadWorks.contest.stages' }, { stages: list(contest.stage_kinds.map((kind) => intl.formatMessage({ id: `olympiad.stage.${kind}` }))) })}`
          : ''}
      </dd>
      <dt>{intl.formatMessage({ id: 'olympiadWorks.contest.limit' })}</dt>
      <dd>
        {intl.formatMessage({ id: 'olympiadWorks.contest.limitValue' }, { count: contest.works_per_participant })}
        {contest.my_works !== null ? ` ${intl.formatMessage({ id: 'olympiadWorks.contest.mine' }, { count: contest.my_works })}` : ''}
      </dd>
      <dt>{intl.formatMessage({ id: 'olympiadWorks.contest.published' })}</dt>
      <dd>{intl.formatNumber(contest.published_works)}</dd>
    </dl>
  );
}
