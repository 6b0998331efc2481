import type { ImageResource } from '../../../shared/api/catalog-common';
import { CART_ITEMS_MAX, CART_QUANTITY_MAX } from '../../../shared/api/order-values';

/**
 * A guest's cart, kept in this browser (localStorage) until they sign in and
 * it merges into the account's cart (`POST /v1/cart/merge`). A line keeps what
 * the cart page shows without asking the server; prices are checked again at
 * the merge, and the account cart then shows any change before paying.
 */
export interface GuestCartLine {
  product_id: number;
  quantity: number;
  name: string;
  unit_price: number;
  currency: string;
  /** Units left when added; null when the product has no stock limit. */
  stock: number | null;
  business: { id: number; name: string };
  image: ImageResource | null;
}

export type GuestProduct = Omit<GuestCartLine, 'quantity'>;

const STORAGE_KEY = 'bazaar-guest-cart';

/** Most units of one product: the smaller of the cart's limit and the stock. */
export const maxQuantity = (stock: number | null) => Math.max(0, Math.min(CART_QUANTITY_MAX, stock ?? CART_QUANTITY_MAX));

const isLine = (value: unknown): value is GuestCartLine => {
  const line = value as GuestCartLine;
  return typeof line === 'object' && line !== null && Number.isInteger(line.product_id) && Number.isInteger(line.quantity) && line.quantity > 0;
};

export function readGuestCart(): GuestCartLine[] {
  try {
    const parsed: unknown = JSON.parse(globalThis.localStorage?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isLine).slice(0, CART_ITEMS_MAX) : [];
  } catch {
    // A damaged entry (hand-edited, another version) is an empty cart, not a broken page.
    return [];
  }
}

export function writeGuestCart(lines: GuestCartLine[]) {
  try {
    if (lines.length === 0) globalThis.localStorage?.removeItem(STORAGE_KEY);
    else globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(lines));
  } catch {
    // Private mode or a full quota: the cart still works in this tab.
  }
}

/**
 * The lines with the product's quantity set (0 removes it), clamped to its
 * bounds; a new product beyond the cart's line limit is not added.
 */
export function withQuantity(lines: GuestCartLine[], product: GuestProduct, quantity: number): GuestCartLine[] {
  const wanted = Math.min(Math.max(0, Math.floor(quantity)), maxQuantity(product.stock));
  const index = lines.findIndex((line) => line.product_id === product.product_id);
  if (wanted === 0) return index < 0 ? lines : lines.filter((_, i) => i !== index);
  if (index < 0) return lines.length >= CART_ITEMS_MAX ? lines : [...lines, { ...product, quantity: wanted }];
  return lines.map((line, i) => (i === index ? { ...line, ...product, quantity: wanted } : line));
}

export const guestQuantity = (lines: GuestCartLine[], productId: number) => lines.find((line) => line.product_id === productId)?.quantity ?? 0;
export const guestItemsCount = (lines: GuestCartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);
