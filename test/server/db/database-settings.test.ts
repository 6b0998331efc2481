import { availableParallelism } from 'node:os';
import { loadConfig } from '../../../server/config';
import { defaultPoolSize, poolSizeFrom } from '../../../server/db/pool-size';

describe('DATABASE_POOL_SIZE', () => {
  test('unset: twice the cores, at least 4', () => {
    expect(defaultPoolSize()).toBe(Math.max(4, 2 * availableParallelism()));
    expect(loadConfig({}).databasePoolSize).toBe(defaultPoolSize());
    expect(poolSizeFrom('')).toBe(defaultPoolSize());
  });

  test('a whole number in range is taken as it is', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12);
    expect(poolSizeFrom('1')).toBe(1);
    expect(poolSizeFrom('200')).toBe(200);
  });

  test.each(['0', '-3', '2.5', '201', 'ten', '4x', ' '])('"%s" stops the start with the reason', (value) => {
    expect(() => loadConfig({ DATABASE_POOL_SIZE: value })).toThrow(/DATABASE_POOL_SIZE must be a whole number from 1 to 200/);
  });
});

describe('PGLITE_THREAD', () => {
  test('unset or "worker": a thread of its own; "main": the API’s thread', () => {
    expect(loadConfig({}).pgliteThread).toBe('worker');
    expect(loadConfig({ PGLITE_THREAD: 'main' }).pgliteThread).toBe('main');
    expect(loadConfig({ PGLITE_THREAD: 'worker' }).pgliteThread).toBe('worker');
  });

  test.each(['thread', 'Worker', '1'])('"%s" stops the start with the reason', (value) => {
    expect(() => loadConfig({ PGLITE_THREAD: value })).toThrow('PGLITE_THREAD must be "main" or "worker"');
  });
});
