// The bench's server process: the real app (settings from the environment)
// plus `GET /bench/fixed`, a route with a fixed JSON body that measures what
// Fastify itself can do on this machine (the ceiling).
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { productIndexFeed } from '../server/modules/catalog/search/product-index/product-index-feed';

const FIXED = JSON.stringify({ data: { id: 1, name: 'Ботинки зимние кожаные', price: 899_000, currency: 'RUB', tags: ['shoes', 'winter'] } });

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  app.get('/bench/fixed', { schema: { hide: true } }, async (_request, reply) => reply.type('application/json; charset=utf-8').send(FIXED));
  await app.listen({ port: config.port, host: '127.0.0.1' });
  // The products' index loads in the background; the bench measures once it has (SEARCH_INDEX=memory, the default).
  if (config.searchIndex === 'memory') {
    const started = performance.now();
    const feed = productIndexFeed(app.db);
    await feed.load();
    const memory = process.memoryUsage();
    process.stdout.write(
      `index ${JSON.stringify({ products: feed.index.size, seconds: (performance.now() - started) / 1000, rssMiB: memory.rss / 2 ** 20, heapMiB: memory.heapUsed / 2 ** 20, buffersMiB: memory.arrayBuffers / 2 ** 20 })}\n`,
    );
  }
  process.stdout.write('ready\n');
  const stop = () => app.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
