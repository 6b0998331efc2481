import { SCREENS } from '../../src/app/screens';
import { screenChunks } from '../../scripts/webpack/screen-chunks.mjs';

/** What the build reads from src/app/screens.ts to preload each screen's code (scripts/webpack/preload-manifest.mjs). */
describe('the screens the build preloads', () => {
  const read = screenChunks() as Record<string, { chunk: string; area?: string }>;

  it('are every screen of the route table, each with its chunk', () => {
    expect(Object.keys(read).sort()).toEqual(Object.keys(SCREENS).sort());
    for (const entry of Object.values(read)) expect(entry.chunk).toMatch(/^[\w-]+$/);
  });

  it('know which screens wait for an area of the catalogue', () => {
    expect(read.index).toEqual({ chunk: 'home' });
    expect(read.product).toEqual({ chunk: 'catalog' });
    expect(read.olympiad).toEqual({ chunk: 'olympiad', area: 'olympiad' });
    expect(read['olympiad-attempt']).toEqual({ chunk: 'olympiad-test-session', area: 'olympiad' });
    expect(read['about-privacy']).toEqual({ chunk: 'about', area: 'about' });
  });
});
