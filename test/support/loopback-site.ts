import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Route = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A route that streams `totalBytes` of a PDF's type in chunks, without a Content-Length, as fast as
 * the client reads: the 2 GB download a fetch must stop at its limit. Stops when the client hangs up.
 */
export function endlessPdf(totalBytes: number): Route {
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/pdf' });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < totalBytes && response.write(chunk)) sent += chunk.length;
      if (sent < totalBytes) response.once('drain', pump);
      else response.end();
    };
    response.on('close', () => response.removeAllListeners('drain'));
    pump();
  };
}

/**
 * A web site on loopback (IPv4 127.0.0.1 and, on the same port, IPv6 ::1): answers from its routes
 * and counts every TCP connection it accepts, so a test can assert that a refused fetch never
 * reached it. Unknown paths answer 404.
 */
export class LoopbackSite {
  private readonly servers: Server[] = [];
  private readonly routes = new Map<string, Route>();
  /** Connections accepted, on either address. */
  connections = 0;
  readonly requests: string[] = [];
  port = 0;

  route(path: string, handler: Route): this {
    this.routes.set(path, handler);
    return this;
  }

  async start(): Promise<this> {
    const handler: Route = (request, response) => {
      this.requests.push(`${request.method} ${request.url}`);
      const route = this.routes.get(new URL(request.url!, 'http://site').pathname);
      if (route) return route(request, response);
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    };
    const listen = (host: string, port: number) =>
      new Promise<Server>((resolve, reject) => {
        const server = createServer(handler);
        server.on('connection', () => void this.connections++);
        server.once('error', reject);
        server.listen(port, host, () => resolve(server));
      });
    const v4 = await listen('127.0.0.1', 0);
    this.servers.push(v4);
    this.port = (v4.address() as AddressInfo).port;
    try {
      this.servers.push(await listen('::1', this.port));
    } catch {
      // No IPv6 loopback on this machine: the [::1] spellings are still refused, just not observed here.
    }
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  reset(): void {
    this.connections = 0;
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    for (const server of this.servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
}
