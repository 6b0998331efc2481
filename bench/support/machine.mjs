// How busy the machine is, waiting for it to calm down, and BENCH_BACKGROUND_LOAD=1 (issue 18, item 2):
// one core kept busy for the whole measurement by a process of the bench's own, so a figure says how
// the product holds up when the machine is not idle, as a real server rarely is.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { machineBusy } from './processes.mjs';

/** Share of the machine's CPU (all cores) busy between two readings of cpuTicks, 0–1. */
export const busyShare = (before, after) => (after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 0);

/**
 * Tails depend on the machine being otherwise idle (other people's builds and tests share it): waits up to
 * `seconds` for it to be under a quarter busy, and returns how busy it was last. Call it before starting the
 * background load, which would never let it calm down.
 */
export async function waitForQuiet(seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const busy = await machineBusy();
    if (busy < 0.25 || Date.now() >= deadline) return busy;
  }
}

/** BENCH_BACKGROUND_LOAD=1 asks for one core of other work during the measurement. */
export const backgroundLoadWanted = () => process.env.BENCH_BACKGROUND_LOAD === '1';

/** The line a bench prints under its title, so a figure is never read without knowing how it was taken. */
export const backgroundLoadNote = () => (backgroundLoadWanted() ? 'background load: one core kept busy by the bench (BENCH_BACKGROUND_LOAD=1)' : 'background load: none (BENCH_BACKGROUND_LOAD=1 keeps one core busy)');

/**
 * When BENCH_BACKGROUND_LOAD=1, starts a process that spins on one core until the returned stop is called
 * (registered in `cleanups` too, so Ctrl-C and failures stop it); otherwise a stop that does nothing.
 * The spinner runs at normal priority: it competes for the CPU as another program would.
 */
export async function startBackgroundLoad(cleanups = new Set()) {
  if (!backgroundLoadWanted()) return async () => undefined;
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  await new Promise((resolve, reject) => {
    spinner.once('spawn', resolve);
    spinner.once('error', reject);
  });
  const stop = async () => {
    cleanups.delete(stop);
    if (spinner.exitCode !== null || spinner.signalCode !== null) return;
    const ended = new Promise((resolve) => spinner.once('exit', resolve));
    spinner.kill('SIGKILL');
    await ended;
  };
  cleanups.add(stop);
  return stop;
}

/**
 * Connection attempts the kernel dropped because a listening socket's accept queue was full, machine-wide
 * so far (Linux TcpExt ListenOverflows): a burst of clients reconnecting at once to a process that accepts
 * them too slowly, each of which then waits 1, 3, 7… s for its TCP to try again.
 */
export function listenOverflows() {
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n').filter((line) => line.startsWith('TcpExt:'));
  const names = lines[0].split(/\s+/);
  const values = lines[1].split(/\s+/);
  return Number(values[names.indexOf('ListenOverflows')]);
}
