import * as yup from 'yup';
import { ADDRESS_FIELD_MAX as MAX } from '../api/order-values';
import { optionalTextRule } from './catalog-common';
import { msg } from './message';

/**
 * A delivery address, the same rules in the form (/settings/address/add) and
 * in `POST/PUT /v1/addresses`. City, street and house are required; the rest
 * is optional, and an empty optional field is stored as null.
 */
const requiredText = (max: number) =>
  yup
    .string()
    .trim()
    .required(msg('validation.required'))
    .max(max, msg('validation.maxLength', { max }));

const optionalText = optionalTextRule;

export const addressSchema = yup.object({
  city: requiredText(MAX.city),
  street: requiredText(MAX.street),
  house: requiredText(MAX.house),
  flat: optionalText(MAX.flat),
  entrance: optionalText(MAX.entrance),
  floor: optionalText(MAX.floor),
  intercom: optionalText(MAX.intercom),
  comment: optionalText(MAX.comment),
  is_default: yup.boolean().default(false),
});
export type AddressInput = yup.InferType<typeof addressSchema>;
