export interface RealtimeLogger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

type Level = 'info' | 'warn' | 'error' | 'silent';

const rank: Record<Level, number> = { info: 0, warn: 1, error: 2, silent: 3 };

/**
 * One JSON object per line so log shippers can parse it. The library default is
 * `warn`: a healthy server says nothing, a misbehaving client or Redis does.
 */
export function createJsonLogger(level: Level = 'warn'): RealtimeLogger {
  const write = (at: Exclude<Level, 'silent'>, message: string, fields?: Record<string, unknown>): void => {
    if (rank[at] < rank[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: at, service: 'realtime', message, ...fields });
    if (at === 'info') process.stdout.write(`${line}\n`);
    else process.stderr.write(`${line}\n`);
  };
  return {
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}

export function errorFields(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message } : { error: String(error) };
}
