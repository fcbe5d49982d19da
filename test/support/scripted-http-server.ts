import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A third party played over real HTTP on loopback: each request takes the next entry of a script
 * (`'hang'` never answers, for timeouts), and is recorded for assertions. `respond` writes the
 * answer in the third party's own wire format.
 */
export class ScriptedHttpServer<Answer> {
  private server!: Server;
  private script: (Answer | 'hang')[] = [];
  private readonly hanging: ServerResponse[] = [];
  readonly seen: SeenRequest[] = [];
  /** The base URL the adapter is configured with: the server's address and `/v1`. */
  url = '';

  constructor(private readonly respond: (request: SeenRequest, answer: Answer | undefined, response: ServerResponse) => void) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const seen = { method: request.method!, url: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
        this.seen.push(seen);
        const answer = this.script.shift();
        if (answer === 'hang') return void this.hanging.push(response);
        this.respond(seen, answer, response);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Replaces the script and forgets what was seen. */
  answer(...answers: (Answer | 'hang')[]): void {
    this.script = answers;
    this.seen.length = 0;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}
