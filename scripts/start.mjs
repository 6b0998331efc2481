// `npm start`: build what is missing or stale, then run the mail catcher and the server until Ctrl-C.
import { isStale, MAILDEV_BIN, maildevArgs, portInUse, run, supervise } from './processes.mjs';

if (isStale('dist/server/main.js', ['server', 'shared', 'src/locales', 'tsconfig.server.json'])) {
  console.log('building the server…');
  run('npm', ['run', 'build:server']);
}
if (isStale('dist/web/index.html', ['src', 'shared', 'public', 'webpack.config.ts', 'scripts/webpack'])) {
  console.log('building the web app…');
  run('npm', ['run', 'build:web']);
}

const group = supervise();
if (!process.env.SMTP_URL) {
  if (await portInUse(1025)) console.log('a mail catcher already listens on 1025; using it');
  else group.start('maildev', process.execPath, [MAILDEV_BIN, ...maildevArgs]);
}
// The realtime server runs in a process of its own: the embedded database works on the API's
// thread, and a burst of queries there must not delay a websocket ping or an event.
const realtimeEnv = { REALTIME_ACTIVITY_TIMEOUT: '60', ...process.env };
if (process.env.START_REALTIME !== 'false') {
  group.start('realtime', process.execPath, ['--enable-source-maps', 'dist/server/realtime/main.js'], { env: realtimeEnv });
}
group.start('server', process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
  env: { ...process.env, START_REALTIME: 'false' },
});
const port = process.env.PORT || 8080;
console.log(`Bazaar: http://localhost:${port}  ·  mail catcher: http://localhost:1080  ·  API docs: http://localhost:${port}/v1/docs`);
