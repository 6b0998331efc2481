import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, MemoryRouter, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ModalDialog } from '../../src/components/focus/modal-dialog';
import { useHeadingFocus } from '../../src/components/focus/use-heading-focus';

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });
const focused = () => (document.activeElement as HTMLElement | null)?.dataset.testid ?? document.activeElement?.tagName;

function DialogHarness() {
  const [open, setOpen] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" data-testid="before">Before</button>
      <button type="button" data-testid="opener" onClick={() => setOpen(true)}>
        End the test
      </button>
      <a href="#after" data-testid="after">
        After
      </a>
      {open ? (
        <ModalDialog role="alertdialog" labelledBy="title" onClose={() => setOpen(false)} initialFocus={keep} testId="dialog">
          <h2 id="title">End the test?</h2>
          <button type="button" data-testid="confirm" onClick={() => setOpen(false)}>
            End
          </button>
          <button type="button" data-testid="disabled" disabled>
            Not now
          </button>
          <button type="button" data-testid="keep" ref={keep} onClick={() => setOpen(false)}>
            Keep answering
          </button>
        </ModalDialog>
      ) : null}
    </>
  );
}

describe('a modal dialog', () => {
  test('keeps the focus inside until it closes, then gives it back to the button that opened it', () => {
    render(<DialogHarness />);
    screen.getByTestId('opener').focus();
    fireEvent.click(screen.getByTestId('opener'));
    const dialog = screen.getByRole('alertdialog', { name: 'End the test?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // The focus starts on the harmless answer.
    expect(focused()).toBe('keep');
    // Past the last control comes the first, before the first the last; the disabled one is skipped.
    tab();
    expect(focused()).toBe('confirm');
    tab(true);
    expect(focused()).toBe('keep');
    tab(true);
    expect(focused()).toBe('keep');
    screen.getByTestId('confirm').focus();
    tab(true);
    expect(focused()).toBe('keep');
    // A focus that lands on the page behind (a click, a script) is brought back inside.
    act(() => screen.getByTestId('after').focus());
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Escape closes it; the focus is where it came from.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByTestId('dialog')).toBeNull();
    expect(focused()).toBe('opener');
  });

  test('closing with one of its buttons also returns the focus to the opener', () => {
    render(<DialogHarness />);
    screen.getByTestId('opener').focus();
    fireEvent.click(screen.getByTestId('opener'));
    fireEvent.click(screen.getByTestId('confirm'));
    expect(screen.queryByTestId('dialog')).toBeNull();
    expect(focused()).toBe('opener');
    // And the page's own Tab order is free again.
    act(() => screen.getByTestId('after').focus());
    expect(focused()).toBe('after');
  });
});

/** A screen whose heading arrives a moment after it (its data), as real screens do. */
function LateScreen({ title, ready }: { title: string; ready: Promise<void> }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    void ready.then(() => setShown(true));
  }, [ready]);
  return shown ? <h1>{title}</h1> : <p>Loading…</p>;
}

/** A screen that draws its heading anew when its data comes (a different element, same place). */
function RedrawnScreen({ ready }: { ready: Promise<void> }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void ready.then(() => setLoaded(true));
  }, [ready]);
  return loaded ? <h1 key="loaded">Store “Tech World”</h1> : <h1 key="loading">Store</h1>;
}

function FormScreen() {
  return (
    <>
      <h1>Sign in</h1>
      {/* A screen that places the focus itself keeps it. */}
      <input aria-label="E-mail" autoFocus data-testid="email" />
    </>
  );
}

function Layout() {
  const main = useRef<HTMLElement>(null);
  const location = useLocation();
  useHeadingFocus(main, location.pathname);
  return (
    <>
      <nav>
        <Link to="/stores" data-testid="to-stores">Stores</Link>
        <Link to="/stores?sort=new" data-testid="to-sorted">Newest</Link>
        <Link to="/auth" data-testid="to-auth">Sign in</Link>
      </nav>
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

function StartButton() {
  const navigate = useNavigate();
  return (
    <button type="button" data-testid="start" onClick={() => navigate('/attempt')}>
      Start
    </button>
  );
}

function renderApp(routes: ReactNode, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<Layout />}>{routes}</Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('after a route change the focus moves to the new content’s heading', () => {
  test('not on the first load; on following a link, once the heading arrives; not when only the query changes', async () => {
    let arrive!: () => void;
    const ready = new Promise<void>((resolve) => (arrive = resolve));
    renderApp(
      <>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/stores" element={<LateScreen title="Stores" ready={ready} />} />
      </>,
    );
    expect(focused()).toBe('BODY');

    screen.getByTestId('to-stores').focus();
    fireEvent.click(screen.getByTestId('to-stores'));
    // The content is still loading: the focus waits where it was.
    expect(focused()).toBe('to-stores');
    await act(async () => arrive());
    const heading = screen.getByRole('heading', { level: 1, name: 'Stores' });
    expect(document.activeElement).toBe(heading);
    // A heading is reachable by script, not a Tab stop.
    expect(heading.getAttribute('tabindex')).toBe('-1');

    screen.getByTestId('to-sorted').focus();
    fireEvent.click(screen.getByTestId('to-sorted'));
    expect(focused()).toBe('to-sorted');
  });

  test('a key action that opens new content (start a test) lands on its heading', () => {
    renderApp(
      <>
        <Route path="/" element={<StartButton />} />
        <Route path="/attempt" element={<h1>Training test</h1>} />
      </>,
    );
    screen.getByTestId('start').focus();
    fireEvent.click(screen.getByTestId('start'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Training test' }));
  });

  test('a screen that focuses its own field keeps it, and a person acting before the heading arrives keeps theirs', async () => {
    let arrive!: () => void;
    const ready = new Promise<void>((resolve) => (arrive = resolve));
    renderApp(
      <>
        <Route path="/" element={<h1>Home</h1>} />
        <Route path="/auth" element={<FormScreen />} />
        <Route path="/stores" element={<LateScreen title="Stores" ready={ready} />} />
      </>,
    );
    fireEvent.click(screen.getByTestId('to-auth'));
    expect(focused()).toBe('email');

    fireEvent.click(screen.getByTestId('to-stores'));
    screen.getByTestId('to-auth').focus();
    fireEvent.keyDown(screen.getByTestId('to-auth'), { key: 'ArrowDown' });
    await act(async () => arrive());
    screen.getByRole('heading', { level: 1, name: 'Stores' });
    expect(focused()).toBe('to-auth');
  });
});

test('a heading drawn anew when the data comes gets the focus again', async () => {
  let arrive!: () => void;
  const ready = new Promise<void>((resolve) => (arrive = resolve));
  renderApp(
    <>
      <Route path="/" element={<h1>Home</h1>} />
      <Route path="/stores" element={<RedrawnScreen ready={ready} />} />
    </>,
  );
  fireEvent.click(screen.getByTestId('to-stores'));
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Store' }));
  await act(async () => arrive());
  expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Store “Tech World”' }));
});
