// The machine's limit for the throughput benchmark: a bare Node `http` server, no framework, no
// database, answering each path with the JSON body the portal gave for it (BARE_ROUTES, a JSON
// object of path to body). Request bodies are read and dropped. Prints its port when listening.
import { createServer } from 'node:http';

const routes = new Map<string, Buffer>(
  Object.entries(JSON.parse(process.env.BARE_ROUTES ?? '{}') as Record<string, string>).map(([path, body]) => [path, Buffer.from(body)]),
);

const server = createServer((request, response) => {
  const body = routes.get(request.url ?? '');
  request.resume();
  request.on('end', () => {
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
