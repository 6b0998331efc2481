import { AccountLayout } from './account-layout';
import { ProfileDataForm } from './profile-data-form';

export default function AccountProfilePage() {
  return <AccountLayout titleId="olympiad.account.profile">{(participant) => <ProfileDataForm participant={participant} />}</AccountLayout>;
}
