// `npm run dev`: the API restarts on change (tsx watch), the SPA hot-reloads on :3000 and
// proxies /v1 to the API on :8080; the mail catcher runs alongside.
import { MAILDEV_BIN, maildevArgs, portInUse, supervise } from './processes.mjs';

const group = supervise();
if (!process.env.SMTP_URL && !(await portInUse(1025))) group.start('maildev', process.execPath, [MAILDEV_BIN, ...maildevArgs]);
group.start('api', process.execPath, ['node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'server/main.ts'], {
  env: { ...process.env, NODE_ENV: 'development' },
});
group.start('web', process.execPath, ['--import', 'tsx', 'node_modules/webpack-cli/bin/cli.js', 'serve', '--config', 'webpack.config.ts', '--mode', 'development'], {
  env: { ...process.env, API_ORIGIN: `http://localhost:${process.env.PORT || 8080}` },
});
console.log('dev: SPA with hot reload on http://localhost:3000 (API on :8080, mail on :1080)');
