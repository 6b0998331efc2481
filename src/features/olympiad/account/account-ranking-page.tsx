import { useIntl } from 'react-intl';
import { AccountLayout } from './account-layout';

/** Place in the ranking (DESIGN: by points, then speed points, then less time, then the earlier finish); none before a result. */
export default function AccountRankingPage() {
  const intl = useIntl();
  return (
    <AccountLayout titleId="olympiad.account.ranking">
      {() => (
        <div data-testid="ranking">
          <p className="empty-state">{intl.formatMessage({ id: 'olympiad.ranking.none' })}</p>
          <p className="muted">{intl.formatMessage({ id: 'olympiad.ranking.how' })}</p>
        </div>
      )}
    </AccountLayout>
  );
}
