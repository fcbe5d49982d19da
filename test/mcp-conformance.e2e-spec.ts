import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { machineToken } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

/**
 * The official conformance suite (`@modelcontextprotocol/conformance`, server scenarios) against
 * the running service. Its client sends no Authorization header, so it talks to a loopback proxy
 * that adds a machine token; it needs Node 22, which npx brings (the `node` package) without
 * changing the Node that runs the service.
 */
const CONFORMANCE = '@modelcontextprotocol/conformance@0.1.16';
const NODE_22 = 'node@22.23.3';

/**
 * The scenarios that apply to this server: the lifecycle, ping, tools/list, resources/list and
 * DNS-rebinding protection. The others need what the suite's reference server has and this one
 * does not: its test tools and resources by name (tools-call-*, json-schema-2020-12 and
 * resources-read-text call `test_*` tools and read `test://` resources), logging, completion,
 * prompts, resource templates and subscriptions, binary resources, elicitation and sampling
 * (server-to-client requests, impossible in a stateless JSON exchange) and SSE streams (this
 * server answers JSON).
 */
const APPLICABLE_SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'dns-rebinding-protection'];

interface Check {
  id: string;
  name: string;
  status: string;
  errorMessage?: string;
}

function run(command: string, args: string[], timeoutMs: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, npm_config_yes: 'true' } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

describe('MCP conformance suite (server scenarios)', () => {
  let service: RunningApp;
  let proxy: Server;
  let proxyUrl: string;

  beforeAll(async () => {
    service = await startApp({ env: { M2M_REGISTRATION_LIMIT: '100', RATE_LIMIT_MCP: '100000/60' } });
    const token = await machineToken(service.url, 'conformance');
    const target = new URL(service.url);
    proxy = createServer((incoming, outgoing) => {
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url, // Host and Origin pass through untouched: the DNS-rebinding scenario depends on them.
          headers: { ...incoming.headers, authorization: `Bearer ${token}` },
        },
        (response) => {
          outgoing.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.writeHead(502).end());
      incoming.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    proxy?.closeAllConnections();
    await new Promise((resolve) => proxy?.close(resolve));
    await service?.close();
  });

  it.each(APPLICABLE_SCENARIOS)(
    'passes %s',
    async (scenario) => {
      const outputDirectory = await mkdtemp(join(tmpdir(), 'conformance-'));
      const { output } = await run(
        'npx',
        [
          '--yes',
          '--package',
          NODE_22,
          '--package',
          CONFORMANCE,
          '--',
          'conformance',
          'server',
          '--url',
          proxyUrl,
          '--scenario',
          scenario,
          '--output-dir',
          outputDirectory,
        ],
        240_000,
      );
      const checks: Check[] = [];
      for (const entry of await readdir(outputDirectory, { recursive: true })) {
        if (String(entry).endsWith('checks.json')) checks.push(...(JSON.parse(await readFile(join(outputDirectory, String(entry)), 'utf8')) as Check[]));
      }
      expect({ scenario, ran: checks.length > 0, output: checks.length > 0 ? '' : output.slice(-2000) }).toEqual({ scenario, ran: true, output: '' });
      const failed = checks.filter((check) => check.status === 'FAILURE').map((check) => `${check.id}: ${check.errorMessage ?? check.name}`);
      expect(failed).toEqual([]);
      expect(checks.filter((check) => check.status === 'SUCCESS').length).toBeGreaterThan(0);
    },
    300_000,
  );
});
