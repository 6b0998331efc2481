import { AccountLayout } from './account-layout';
import { PersonalDataForm } from './personal-data-form';

export default function AccountPersonalPage() {
  return <AccountLayout titleId="olympiad.account.personal">{(participant) => <PersonalDataForm participant={participant} />}</AccountLayout>;
}
