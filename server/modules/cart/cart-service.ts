import { CART_ITEMS_MAX, CART_QUANTITY_MAX } from '../../../shared/api/order-values';
import { msg } from '../../../shared/validation/message';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../lib/http-error';
import { cartRepository, type Purchasable } from './cart-repository';

/** Why a product cannot go into this user's cart now, as the 422 the buyer reads; null when it can. */
function refusal(userId: number, product: Purchasable | null, quantity: number) {
  if (!product || product.status !== 'published' || !product.moderationPublic || (product.stock !== null && product.stock <= 0)) {
    return validationFailed({ product_id: [msg('cart.errors.productUnavailable')] });
  }
  if (product.ownerId === userId) return validationFailed({ product_id: [msg('cart.errors.ownProduct')] });
  if (product.stock !== null && quantity > product.stock) return validationFailed({ quantity: [msg('cart.errors.notEnoughStock', { stock: product.stock })] });
  return null;
}

/** Cart writes: each checks the product as it is now and refuses with a translated reason, changing nothing. */
export function cartService(db: Db) {
  const repository = cartRepository(db);

  return {
    repository,

    async add(userId: number, productId: number, quantity: number): Promise<void> {
      const product = await repository.product(productId);
      const existing = await repository.findByProduct(userId, productId);
      const wanted = Math.min((existing?.quantity ?? 0) + quantity, CART_QUANTITY_MAX);
      const refused = refusal(userId, product, wanted);
      if (refused) throw refused;
      if (!existing && (await repository.countLines(userId)) >= CART_ITEMS_MAX) throw validationFailed({ product_id: [msg('cart.errors.tooManyItems', { max: CART_ITEMS_MAX })] });
      await repository.put(userId, product!, wanted);
    },

    /** Quantity 0 removes the line (even of a product that is gone); otherwise the product must still be buyable. */
    async update(userId: number, itemId: number, quantity: number): Promise<void> {
      const item = await repository.find(userId, itemId);
      if (!item) throw notFound();
      if (quantity === 0) return repository.remove(userId, itemId);
      const product = item.productId ? await repository.product(item.productId) : null;
      const refused = refusal(userId, product, quantity);
      if (refused) throw refused;
      await repository.put(userId, product!, quantity);
    },

    /** A guest's local cart: each line takes the larger quantity, capped by stock; what cannot be bought is skipped. */
    async merge(userId: number, items: Array<{ product_id: number; quantity: number }>): Promise<number[]> {
      const skipped: number[] = [];
      let lines = await repository.countLines(userId);
      for (const { product_id: productId, quantity } of items) {
        const product = await repository.product(productId);
        const existing = await repository.findByProduct(userId, productId);
        if (!product || refusal(userId, product, 1) || (!existing && lines >= CART_ITEMS_MAX)) {
          skipped.push(productId);
          continue;
        }
        const wanted = Math.max(existing?.quantity ?? 0, quantity);
        await repository.put(userId, product, product.stock === null ? wanted : Math.min(wanted, product.stock));
        if (!existing) lines++;
      }
      return skipped;
    },
  };
}
