import type { CartGroupResource, CartResource } from '../../../shared/api/cart';
import type { Language } from '../../../shared/i18n/languages';
import { deliveryPrice, orderTotal } from '../../../shared/orders/order-totals';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../storage/file-storage';
import { localized } from '../catalog/common/catalog-context';
import { imagesRepository } from '../catalog/common/images-repository';
import { isAvailable, lineProblems } from './cart-lines';
import type { CartLine } from './cart-repository';

/** The cart as the buyer sees it: lines grouped by business (one future order each), with each group's totals. */
export async function cartView(db: Db, lines: CartLine[], lang: Language, storage: FileStorage): Promise<CartResource> {
  const images = await imagesRepository(db).resources(lines.map((l) => l.product?.imageIds[0]), storage);
  const groups = new Map<number, CartGroupResource>();
  let itemsCount = 0;
  let hasProblems = false;
  for (const line of lines) {
    const { item, product, business } = line;
    let group = groups.get(business.id);
    if (!group) {
      group = {
        business: { id: business.id, name: localized(lang, business.name, business.nameEn), delivery_discount_percent: business.deliveryDiscountPercent },
        items: [],
        currency: product?.currency ?? item.seenCurrency,
        subtotal: 0,
        delivery_cost: 0,
        delivery_discount: 0,
        total_courier: 0,
        total_pickup: 0,
      };
      groups.set(business.id, group);
    }
    const problems = lineProblems(line);
    const available = isAvailable(problems);
    const unitPrice = product?.finalPrice ?? item.seenPrice;
    if (problems.length) hasProblems = true;
    if (available) group.subtotal += unitPrice * item.quantity;
    itemsCount += item.quantity;
    group.items.push({
      id: item.id,
      product_id: product?.id ?? null,
      business_id: business.id,
      name: product ? localized(lang, product.name, product.nameEn) : item.seenName,
      image: (product?.imageIds[0] && images.get(product.imageIds[0])) || null,
      quantity: item.quantity,
      unit_price: unitPrice,
      seen_price: item.seenPrice,
      currency: product?.currency ?? item.seenCurrency,
      stock: product?.stock ?? null,
      line_total: unitPrice * item.quantity,
      available,
      problems,
    });
  }
  for (const group of groups.values()) {
    const courier = deliveryPrice('courier', group.business.delivery_discount_percent);
    group.delivery_cost = courier.cost;
    group.delivery_discount = courier.discount;
    group.total_courier = orderTotal(group.subtotal, courier);
    group.total_pickup = group.subtotal;
  }
  return { groups: [...groups.values()], items_count: itemsCount, has_problems: hasProblems };
}
