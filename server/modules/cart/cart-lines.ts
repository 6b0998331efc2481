import type { CartItemProblem } from '../../../shared/api/order-values';
import type { CartLine } from './cart-repository';

/**
 * What stands between a cart line and checkout, from the product as it is
 * now against what the buyer saw. `price_changed` alone leaves the line
 * available (it is bought at the new price once the buyer accepts it).
 */
export function lineProblems(line: CartLine): CartItemProblem[] {
  const { item, product } = line;
  if (!product) return ['deleted'];
  if (product.status !== 'published' || !product.moderationPublic) return ['unpublished'];
  const problems: CartItemProblem[] = [];
  if (product.stock !== null && product.stock <= 0) problems.push('out_of_stock');
  else if (product.stock !== null && item.quantity > product.stock) problems.push('not_enough_stock');
  if (product.finalPrice !== item.seenPrice || product.currency !== item.seenCurrency) problems.push('price_changed');
  return problems;
}

export const isAvailable = (problems: CartItemProblem[]) => problems.every((p) => p === 'price_changed');
