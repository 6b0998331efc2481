import { Type, type Static, type TSchema } from 'typebox';
import { Id } from './numbers';

/** `{ data }`: every successful answer of the API. */
export const DataEnvelope = <T extends TSchema>(data: T) => Type.Object({ data });

export const ErrorEnvelope = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

export const PageMeta = Type.Object({
  current_page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  last_page: Type.Integer(),
});
export type PageMeta = Static<typeof PageMeta>;

/** `/{id}` of every route that names one row. */
export const IdParams = Type.Object({ id: Id() });
