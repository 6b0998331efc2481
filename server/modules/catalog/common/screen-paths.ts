import { ROUTES } from '../../../../shared/routes';

/**
 * A path of the SPA by its route name, filled from `params`: links the server
 * hands out (notifications, banners) come from the same table the router
 * uses, so a renamed screen cannot leave them pointing at a 404.
 */
export function screenPath(name: string, params: Record<string, string | number> = {}): string {
  const route = ROUTES.find((entry) => entry.name === name && entry.screen);
  if (!route) throw new Error(`no screen named ${name}`);
  return route.path.replace(/:(\w+)/g, (_, key: string) => {
    if (params[key] === undefined) throw new Error(`screen ${name} needs :${key}`);
    return encodeURIComponent(String(params[key]));
  });
}
