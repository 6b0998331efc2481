import { groupedCalls } from '../../server/lib/grouped-calls';
import { waitFor } from './helpers/wait-for';

/** A batch call that doubles its items, records each batch, and fails any batch holding a negative item. */
function doubling() {
  const batches: number[][] = [];
  const call = async (items: number[]) => {
    batches.push(items);
    if (items.some((item) => item < 0)) throw new Error(`refused ${items.join(',')}`);
    return items.map((item) => item * 2);
  };
  return { batches, call };
}

/** A batch call that stays under way until the test finishes it, counting how many are under way at once. */
function heldOpen() {
  const calls: Array<{ items: number[]; finish(): void }> = [];
  let underWay = 0;
  let most = 0;
  const call = (items: number[]) =>
    new Promise<number[]>((resolve) => {
      most = Math.max(most, ++underWay);
      calls.push({
        items,
        finish: () => {
          underWay--;
          resolve(items.map((item) => item * 2));
        },
      });
    });
  return { calls, call, most: () => most };
}

describe('grouped calls', () => {
  test('items given in one turn of the event loop go out as one call, each caller getting its own outcome', async () => {
    const { batches, call } = doubling();
    const double = groupedCalls(call);
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  test('items arriving while the calls allowed at once are under way wait, and then go out together', async () => {
    const held = heldOpen();
    const double = groupedCalls(held.call, { concurrency: 2 });
    const first = double(1);
    await waitFor(() => held.calls.length === 1, { what: 'the first call' });
    const second = double(2);
    await waitFor(() => held.calls.length === 2, { what: 'the second call, beside the first' });
    const waiting = [double(3), double(4)];
    held.calls[0].finish();
    expect(await first).toBe(2);
    await waitFor(() => held.calls.length === 3, { what: 'the third call, once the first was done' });
    expect(held.calls[2].items).toEqual([3, 4]);
    held.calls[1].finish();
    held.calls[2].finish();
    expect(await Promise.all([second, ...waiting])).toEqual([4, 6, 8]);
    expect(held.calls).toHaveLength(3);
    expect(held.most()).toBe(2);
  });

  test('no call carries more than maxBatch items; the rest go in the next ones, in order', async () => {
    const { batches, call } = doubling();
    const double = groupedCalls(call, { maxBatch: 2, concurrency: 1 });
    expect(await Promise.all([1, 2, 3, 4, 5].map(double))).toEqual([2, 4, 6, 8, 10]);
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  test('a failing call is retried item by item, so the bad item fails alone and the others get their outcome', async () => {
    const { batches, call } = doubling();
    const double = groupedCalls(call);
    const outcomes = await Promise.allSettled([1, -1, 2].map(double));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: new Error('refused -1') },
      { status: 'fulfilled', value: 4 },
    ]);
    expect(batches).toEqual([[1, -1, 2], [1], [-1], [2]]);
  });

  test('an item that failed alone is not tried again, and the calls after it go on', async () => {
    const { batches, call } = doubling();
    const double = groupedCalls(call);
    await expect(double(-5)).rejects.toThrow('refused -5');
    expect(await double(5)).toBe(10);
    expect(batches).toEqual([[-5], [5]]);
  });
});
