// The anchor of bench/mcp.mjs (issue 11): a bare Fastify 5 route that does what
// `tools/call get_deal_workspace` does for its answer and nothing else: read the JSON-RPC body,
// run the workspace query (the same SQL as WorkspacesRepository.visibleWithOutputs) through `pg`
// on the same database, and answer the same JSON-RPC result shape. No authentication, no MCP SDK,
// no validation, no rate limit, logger off.
//
//   PORT=3001 DATABASE_URL=... ACCOUNT_ID=<uuid> node bench/support/bare-sql.mjs
import Fastify from 'fastify';
import pg from 'pg';

const port = Number(process.env.PORT ?? 0);
const host = process.env.HOST ?? '127.0.0.1';
const accountId = process.env.ACCOUNT_ID;
if (!process.env.DATABASE_URL || !accountId) {
  process.stderr.write('DATABASE_URL and ACCOUNT_ID are required\n');
  process.exit(2);
}
// The service's pool size (src/database/data-source-options.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const WORKSPACE_WITH_OUTPUTS = `SELECT w.id, w.client_name, w.status, w.metadata, w.created_at,
        coalesce(json_agg(json_build_object('taskType', o.task_type, 'toolName', o.tool_name, 'storedAt', o.created_at, 'output', o.output) ORDER BY o.created_at DESC)
                 FILTER (WHERE o.id IS NOT NULL), '[]') AS outputs
   FROM workspaces w LEFT JOIN workspace_outputs o ON o.workspace_id = w.id
  WHERE w.id = $1 AND w.account_id IN (SELECT shared_account_id FROM shared_accounts WHERE account_id = $2)
  GROUP BY w.id`;

const app = Fastify({ logger: false });
app.get('/ready', async () => ({ ok: true }));
app.post('/mcp', async (request) => {
  const { id, params } = request.body;
  const { rows } = await pool.query(WORKSPACE_WITH_OUTPUTS, [params.arguments.workspaceId, accountId]);
  const row = rows[0];
  const workspace = {
    workspaceId: row.id,
    clientName: row.client_name,
    status: row.status,
    metadata: row.metadata,
    createdAt: row.created_at.toISOString(),
    outputs: row.outputs,
  };
  return { jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: JSON.stringify(workspace) }], structuredContent: workspace } };
});

await app.listen({ port, host });
process.stdout.write(`bare fastify + pg listening on http://${host}:${port}/mcp\n`);

const stop = () => {
  Promise.all([app.close(), pool.end()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
