import { AttemptStatistics } from './attempt-statistics';
import { AccountLayout } from './account-layout';

/**
 * Results by stage: every attempt with correct answers, maximum points,
 * percentage, time and speed points (SPEC §3), and the final's result; the
 * tests feature owns the table.
 */
export default function AccountStatisticsPage() {
  return <AccountLayout titleId="olympiad.account.statistics">{() => <AttemptStatistics />}</AccountLayout>;
}
