// The baseline of the benchmarks: a bare Fastify 5 server with one route that answers the
// MCP manifest the service served (same body, same path), logger off. Started in its own process
// so that it never shares an event loop with the load generator.
//
//   PORT=3001 HOST=127.0.0.1 BODY_FILE=/tmp/manifest.json node bench/support/bare-fastify.mjs
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const path = process.env.ROUTE_PATH ?? '/.well-known/mcp';
if (!process.env.BODY_FILE) {
  process.stderr.write('BODY_FILE (the JSON body to serve) is required\n');
  process.exit(2);
}
// A JSON object, serialised by Fastify on every request (the body bytes equal the manifest's).
const body = JSON.parse(readFileSync(process.env.BODY_FILE, 'utf8'));

const app = Fastify({ logger: false });
app.get(path, async () => body);
// ECHO=1: POST answers the JSON body it received (bench/mcp.mjs compares JSON-RPC calls with it).
if (process.env.ECHO === '1') app.post(path, async (request) => request.body);
// SINK=1: POST /sink parses the JSON body and answers a small constant (the floor of a large argument).
if (process.env.SINK === '1') app.post('/sink', { bodyLimit: 64 * 1024 * 1024 }, async (request) => ({ ok: typeof request.body === 'object' }));

await app.listen({ port, host });
process.stdout.write(`bare fastify listening on http://${host}:${port}${path}\n`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
