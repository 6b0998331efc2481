import { useIntl } from 'react-intl';
import type { BroadcastAudience } from '../../../shared/api/admin-broadcasts-values';

/** Who a broadcast goes to, in words. */
export function AudienceText({ audience }: { audience: BroadcastAudience }) {
  const intl = useIntl();
  const say = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `admin.broadcasts.audienceOf.${id}` }, values);
  switch (audience.kind) {
    case 'user':
      return <>{say('user', { id: audience.user_id })}</>;
    case 'users':
      return <>{say('users', { count: audience.user_ids.length })}</>;
    case 'role':
      return <>{say('role', { role: intl.formatMessage({ id: `admin.broadcasts.role.${audience.role}` }) })}</>;
    case 'sellers':
      return <>{audience.business_category_id ? say('sellersOf', { id: audience.business_category_id }) : say('sellers')}</>;
    case 'participants':
      return <>{audience.category ? say('participantsOf', { category: intl.formatMessage({ id: `admin.broadcasts.category.${audience.category}` }) }) : say('participants')}</>;
    default:
      return <>{say('everyone')}</>;
  }
}
