import type { Catalogue, CatalogueArea } from '../../src/services/i18n';

/** Chunks stand in for the build's catalogue areas; each load is recorded and answered when the test says. */
const loads: Array<{ lang: string; area: CatalogueArea; resolve: () => void }> = [];
jest.mock('../../src/services/i18n', () => ({
  loadCatalogue: (lang: string, area: CatalogueArea) =>
    new Promise<Catalogue>((resolve) => loads.push({ lang, area, resolve: () => resolve({ [`${area}.word`]: `${area} in ${lang}` }) })),
}));

type Store = typeof import('../../src/services/catalogue-store');
let store: Store;
beforeEach(() => {
  loads.length = 0;
  jest.isolateModules(() => {
    store = jest.requireActual<Store>('../../src/services/catalogue-store');
  });
});

const answerAll = async () => {
  for (const load of loads.splice(0)) load.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
};

describe('catalogue store', () => {
  it('shows nothing until the core of the language has arrived', async () => {
    const ready = store.catalogueStore.prepare('ru');
    expect(store.catalogueStore.messages('ru')).toBeNull();
    await answerAll();
    await ready;
    expect(store.catalogueStore.messages('ru')).toEqual({ 'core.word': 'core in ru' });
  });

  it('lets an area screen render only once its words are in, in the language on screen', async () => {
    const prepared = store.catalogueStore.prepare('en');
    await answerAll();
    await prepared;
    let areaReady = false;
    const changes = jest.fn();
    store.catalogueStore.subscribe(changes);
    void store.ensureArea('olympiad').then(() => (areaReady = true));
    expect(loads.map(({ lang, area }) => `${lang}:${area}`)).toEqual(['en:olympiad']);
    expect(areaReady).toBe(false);
    await answerAll();
    expect(areaReady).toBe(true);
    expect(changes).toHaveBeenCalled();
    expect(store.catalogueStore.messages('en')).toEqual({ 'core.word': 'core in en', 'olympiad.word': 'olympiad in en' });
  });

  it('loads every area asked for so far before a language switch shows, and each chunk once', async () => {
    void store.catalogueStore.prepare('ru');
    await answerAll();
    void store.ensureArea('about');
    void store.ensureArea('about');
    expect(loads).toHaveLength(1);
    await answerAll();
    const switched = store.catalogueStore.prepare('en');
    expect(store.catalogueStore.isReady('en')).toBe(false);
    expect(loads.map(({ lang, area }) => `${lang}:${area}`).sort()).toEqual(['en:about', 'en:core']);
    await answerAll();
    await switched;
    expect(store.catalogueStore.isReady('en')).toBe(true);
    expect(store.catalogueStore.messages('en')).toEqual({ 'core.word': 'core in en', 'about.word': 'about in en' });
  });
});
