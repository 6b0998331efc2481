import { SCREENS } from '../../src/app/screens';
import { screenChunks } from '../../scripts/webpack/screen-chunks.mjs';

/** What the build reads from src/app/screens.ts to preload each screen's code (scripts/webpack/preload-manifest.mjs). */
describe('the screens the build preloads', () => {
  const read = screenChunks() as Record<string, { chunk: string; areas?: string[] }>;

  it('are every screen of the route table, each with its chunk', () => {
    expect(Object.keys(read).sort()).toEqual(Object.keys(SCREENS).sort());
    for (const entry of Object.values(read)) expect(entry.chunk).toMatch(/^[\w-]+$/);
  });

  it('know which screens wait for an area of the catalogue', () => {
    expect(read.index).toEqual({ chunk: 'home' });
    expect(read.product).toEqual({ chunk: 'catalog' });
    expect(read.olympiad).toEqual({ chunk: 'olympiad', areas: ['olympiad'] });
    expect(read['olympiad-attempt']).toEqual({ chunk: 'olympiad-test-session', areas: ['olympiad'] });
    expect(read['about-privacy']).toEqual({ chunk: 'about', areas: ['about'] });
    // The works queue inside the admin shell needs the admin words and the olympiad's.
    expect(read['admin-works']).toEqual({ chunk: 'olympiad-works-staff', areas: ['admin', 'olympiad'] });
  });
});
