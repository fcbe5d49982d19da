import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { machineToken, postToolCall } from './support/mcp-helpers.js';
import { appForSuite } from './support/test-app.js';

type RpcAnswer = { result?: { isError?: boolean; content: { text: string }[]; structuredContent?: { workspaceId: string; clientName: string } } };

describe('idempotency keys after a crash', () => {
  const service = appForSuite();
  let token: string;
  let accountId: string;
  let database: DataSource;

  beforeAll(async () => {
    token = await machineToken(service.url);
    database = service.app.get(DataSource);
    const me = (await (await fetch(`${service.url}/account`, { headers: { authorization: `Bearer ${token}` } })).json()) as { accountId: string };
    accountId = me.accountId;
  });

  const call = (key: string, clientName: string) =>
    postToolCall(service.url, token, 'create_deal_workspace', { clientName }, { headers: { 'idempotency-key': key } });

  /** The row a process leaves behind when it dies mid-call: running, owned by it, its lease as given. */
  async function leftRunning(key: string, clientName: string, leaseSeconds: number): Promise<void> {
    const argumentsSha256 = createHash('sha256').update(JSON.stringify({ clientName })).digest('hex');
    await database.query(
      `INSERT INTO idempotent_tool_calls (account_id, idempotency_key, tool_name, arguments_sha256, status, owner, lease_expires_at)
       VALUES ($1, $2, 'create_deal_workspace', $3, 'running', 'crashed-replica:4242:dead', now() + make_interval(secs => $4))`,
      [accountId, key, argumentsSha256, leaseSeconds],
    );
  }

  it('lets a retry take over a key whose call lost its process once the lease has expired, and remembers its result', async () => {
    const key = `crash-${randomUUID()}`;
    await leftRunning(key, 'Crashed Call Ltd', -1);

    const retried = (await (await call(key, 'Crashed Call Ltd')).json()) as RpcAnswer;
    expect(retried.result!.isError).toBeUndefined();
    expect(retried.result!.structuredContent!.clientName).toBe('Crashed Call Ltd');

    const replayed = (await (await call(key, 'Crashed Call Ltd')).json()) as RpcAnswer;
    expect(replayed.result!.structuredContent!.workspaceId).toBe(retried.result!.structuredContent!.workspaceId);
    const [row] = (await database.query('SELECT status, owner FROM idempotent_tool_calls WHERE account_id = $1 AND idempotency_key = $2', [
      accountId,
      key,
    ])) as { status: string; owner: string }[];
    expect(row.status).toBe('completed');
    expect(row.owner).not.toBe('crashed-replica:4242:dead');
  });

  it('tells a retry of a call still within its lease to come back, with when', async () => {
    const key = `running-${randomUUID()}`;
    await leftRunning(key, 'Still Running Ltd', 90);
    const answer = (await (await call(key, 'Still Running Ltd')).json()) as RpcAnswer;
    expect(answer.result!.isError).toBe(true);
    const { error, hint } = JSON.parse(answer.result!.content[0].text) as { error: { message: string }; hint: string };
    expect(error.message).toMatch(/^The first call with this idempotency key is still running; retry in (89|90) seconds/);
    expect(hint).toMatch(/^Call again with the same idempotency key in (89|90) seconds\.$/);
  });

  it('does not let a retry with other arguments take over an expired key', async () => {
    const key = `other-${randomUUID()}`;
    await leftRunning(key, 'First Arguments Ltd', -1);
    const answer = (await (await call(key, 'Other Arguments Ltd')).json()) as RpcAnswer;
    expect(JSON.parse(answer.result!.content[0].text).error.message).toMatch(/used for a different call/);
  });
});
