/** The wait for the app's first drawing, module by module (each test gets the module afresh). */
type FirstDrawing = typeof import('../../src/services/first-drawing');
const fresh = (): FirstDrawing => {
  let loaded: FirstDrawing | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<FirstDrawing>('../../src/services/first-drawing');
  });
  return loaded!;
};
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test('without a start-up announcing a drawing there is nothing to wait for', () => {
  expect(fresh().firstDrawingPending()).toBeNull();
});

test('after start-up announces it, the wait ends when the drawing is done', async () => {
  const drawing = fresh();
  drawing.firstDrawingAhead();
  const wait = drawing.firstDrawingPending()!;
  expect(await settled(wait)).toBe(false);
  drawing.firstDrawingDone();
  expect(await settled(wait)).toBe(true);
  // Drawn: later work (a sign-in much later) waits for nothing.
  expect(drawing.firstDrawingPending()).toBeNull();
});

test('a first drawing that never comes holds nothing back for more than three seconds', async () => {
  const drawing = fresh();
  drawing.firstDrawingAhead();
  const wait = drawing.firstDrawingPending()!;
  await jest.advanceTimersByTimeAsync(2999);
  expect(await settled(wait)).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(await settled(wait)).toBe(true);
});
