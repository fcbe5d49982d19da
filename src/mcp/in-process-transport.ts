import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, JSONRPCNotification, JSONRPCRequest, JSONRPCResponse, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';

/**
 * Connects one long-lived SDK `Server` to many HTTP requests. Each incoming request gets an id
 * unique to this process, so that two clients that both number their requests from 1 never meet
 * inside the SDK; the response goes back to the HTTP request that sent it, under the client's id.
 * Messages the server would send on its own (requests to the client, notifications) have no
 * stream to travel on in a stateless JSON exchange and are dropped.
 */
export class InProcessTransport implements Transport {
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;

  private nextId = 0;
  private readonly pending = new Map<number, (response: JSONRPCResponse) => void>();

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || 'method' in message || typeof message.id !== 'number') return;
    const deliver = this.pending.get(message.id);
    if (!deliver) return;
    this.pending.delete(message.id);
    deliver(message);
  }

  request(message: JSONRPCRequest): Promise<JSONRPCResponse> {
    const internalId = ++this.nextId;
    return new Promise((resolve) => {
      this.pending.set(internalId, (response) => resolve({ ...response, id: message.id }));
      this.onmessage!({ ...message, id: internalId });
    });
  }

  notify(message: JSONRPCNotification): void {
    this.onmessage!(message);
  }
}
