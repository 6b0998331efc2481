import type { UserResource } from '../../../shared/api/users';
import type { User } from '../../db/schema';
import { iso } from '../../lib/serialize';

export const toUserResource = (user: User): UserResource => ({
  id: user.id,
  name: user.name,
  email: user.email,
  phone: user.phone,
  pending_email: user.pendingEmail,
  pending_phone: user.pendingPhone,
  about: user.about,
  image: user.image,
  role: user.role,
  locale: user.locale,
  created_at: iso(user.createdAt),
});
