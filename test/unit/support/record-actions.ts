import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

/** A middleware that notes every action the store is given, in order, into `into`: for tests whose subject is what was dispatched. */
export const recorder =
  (into: UnknownAction[]): Middleware =>
  () =>
  (next) =>
  (action) => {
    into.push(action as UnknownAction);
    return next(action);
  };
