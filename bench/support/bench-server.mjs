// The API side of a bench as a child process (run from the sources with tsx), spoken to over IPC:
// `ask` sends a message and waits for the answer of a given type; `stop` asks it to close and
// waits (killing it after 15 s); `kill` ends it with SIGKILL at once, as a crash would (the fault
// run of bench:olympiad). BENCH_SERVER_PROFILE=<dir> writes its CPU profile there.
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Forks `script` (relative to the repository), registers its stop in `cleanups`, and resolves with its `ready` message plus `ask` and `stop`. */
export async function forkBenchServer(script, env, cleanups) {
  const child = fork(join(ROOT, script), [], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SERVER_PROFILE}`] : [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map();
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = code ?? signal;
    for (const [, { reject }] of waiting) reject(new Error(`bench server exited (${exited})`));
    waiting.clear();
  });
  child.on('message', (message) => {
    const waiter = waiting.get(message.type);
    waiting.delete(message.type);
    waiter?.resolve(message);
  });
  // A send to a child that has just died is reported by `exit`; the error event would only repeat it.
  child.on('error', () => undefined);
  const expect = (type) =>
    new Promise((resolve, reject) => {
      if (exited !== null) reject(new Error(`bench server exited (${exited})`));
      else waiting.set(type, { resolve, reject });
    });
  const ask = (message, answer) => {
    const reply = expect(answer);
    child.send(message);
    return reply;
  };
  let stopping;
  const stop = () =>
    (stopping ??= (async () => {
      if (exited !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.send({ type: 'stop' });
      await gone;
      clearTimeout(timer);
    })());
  cleanups.add(stop);
  /** SIGKILL, no goodbye; resolves once it is gone. */
  const kill = async () => {
    cleanups.delete(stop);
    if (exited !== null) return;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await gone;
  };
  const ready = await expect('ready');
  return { ...ready, pid: child.pid, ask, stop, kill };
}
