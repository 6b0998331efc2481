/** Query parameters without their empty values, as the SPA's queries send them (one view, one URL, one cache entry). */
export const withoutEmpty = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
