/** One address of a profile after a save: what stays proven, what waits for a code. */
export interface AddressPlan {
  proven: string | null;
  pending: string | null;
  /** The typed address is new: a code must go to it. */
  needsCode: boolean;
}

/**
 * What a save of the profile form means for one address: clearing the field removes the
 * address, typing the proven one back withdraws a pending change, and anything else waits
 * for proof without touching the proven address.
 */
export function planAddress(proven: string | null, pending: string | null, typed: string | null): AddressPlan {
  if (!typed) return { proven: null, pending: null, needsCode: false };
  if (typed === proven) return { proven, pending: null, needsCode: false };
  return { proven, pending: typed, needsCode: typed !== pending };
}
