import type { CardResource } from '../../../shared/api/cards';
import { isExpired } from '../../../shared/validation/cards';
import type { Card } from '../../db/schema';

export const toCardResource = (c: Card, now = new Date()): CardResource => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  exp_month: c.expMonth,
  exp_year: c.expYear,
  holder: c.holder,
  is_expired: isExpired(c.expMonth, c.expYear, now),
  created_at: c.createdAt.toISOString(),
});
