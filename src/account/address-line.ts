import type { OrderAddress } from '../../shared/api/addresses';

type Printable = Pick<OrderAddress, 'city' | 'street' | 'house' | 'flat'>;

/**
 * The one way an address is printed in a line ("Moscow, Tverskaya, 1, 12"):
 * the settings list, the checkout's choice and an order all read the same.
 * Entrance, floor and intercom are for the courier, shown beside it where needed.
 */
export const addressLine = (address: Printable) =>
  [address.city, address.street, address.house, address.flat].filter((part) => part && part.trim()).join(', ');
