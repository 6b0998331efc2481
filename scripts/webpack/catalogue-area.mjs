// Which catalogue area a message id belongs to (shared/i18n/catalogue-areas.json): shared by the webpack
// loader that splits the catalogues and the test that keeps the split honest.
import { readFileSync } from 'node:fs';

const config = JSON.parse(readFileSync(new URL('../../shared/i18n/catalogue-areas.json', import.meta.url), 'utf8'));
const coreIds = config.coreIds.map((pattern) => new RegExp(pattern));
const namespaceArea = new Map(Object.entries(config.areas).flatMap(([area, namespaces]) => namespaces.map((ns) => [ns, area])));

export const CATALOGUE_AREAS = ['core', ...Object.keys(config.areas)];

/** 'core', an area's name, or null for messages only the server sends (letters, SMS). */
export function areaOf(id) {
  const namespace = id.split('.')[0];
  if (config.serverOnly.includes(namespace)) return null;
  if (coreIds.some((pattern) => pattern.test(id))) return 'core';
  return namespaceArea.get(namespace) ?? 'core';
}
