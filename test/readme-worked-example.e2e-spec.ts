import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { postToolCall } from './support/mcp-helpers.js';
import { startApp, type RunningApp } from './support/test-app.js';

type Entry = { toolName: string; usageKey: string; units: number; funding: string; amountCents: number; entry: string };
type Usage = { mandate: { rail: string; budgetCents: number; spentCents: number }; recent: Entry[] };
type StoredOutputs = Record<string, { output: Record<string, unknown> }[]>;

const LIMITS = { M2M_REGISTRATION_LIMIT: '1000', RATE_LIMIT_REGISTRATION: '100000/60', RATE_LIMIT_TOKEN: '100000/60', RATE_LIMIT_MCP: '100000/60' };

/** The first shell block after a README heading. */
function shellBlock(readme: string, heading: string): string {
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README.md has no heading "${heading}"`);
  return /```sh\n([\s\S]*?)```/.exec(readme.slice(start))![1];
}

/** The comment of a numbered step of a shell block ("# 4. ..." and its "#    " continuation lines), as one line. */
function stepComment(block: string, step: number): string {
  const lines = block.split('\n');
  const first = lines.findIndex((line) => line.startsWith(`# ${step}. `));
  const comment = [lines[first].slice(`# ${step}. `.length)];
  for (const line of lines.slice(first + 1)) {
    if (!line.startsWith('#    ')) break;
    comment.push(line.slice('#    '.length));
  }
  return comment.join('');
}

describe("README's worked example (statements to ratios, risks and fraud checks), run verbatim after the payment loop's setup", () => {
  let service: RunningApp;
  let readme: string;
  let example: string;
  /** What the two blocks printed, a line each: JSON parsed, plain strings as they are. */
  let printed: unknown[];
  /** What the test's own trailer printed after them: the walk's token and the example's workspace and document. */
  let walk: { accessToken: string; workspaceId: string; documentId: string };

  beforeAll(async () => {
    // A longer wait than the default 5 s for the freshly submitted document: the test machine is shared.
    service = await startApp({ reachablePublicUrls: true, env: { ...LIMITS, DOCUMENT_PROCESSING_WAIT_SECONDS: '20' } });
    readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
    const paymentLoop = shellBlock(readme, '### Try the payment loop (sandbox)');
    example = shellBlock(readme, '### A worked example: statements to ratios, risks and fraud checks');
    const script = [
      'set -euo pipefail',
      paymentLoop.replaceAll('http://localhost:3000', service.url),
      example.replaceAll('http://localhost:3000', service.url),
      'printf "%s\\n" "$ACCESS_TOKEN" "$WORKSPACE" "$DOCUMENT"',
    ].join('\n');
    // From the repository's folder, as the README says: the example reads docs/examples/.
    const { stdout } = await promisify(execFile)('bash', ['-c', script], { cwd: fileURLToPath(new URL('..', import.meta.url)) });
    const lines = stdout.trim().split('\n');
    const [accessToken, workspaceId, documentId] = lines.splice(-3);
    walk = { accessToken, workspaceId, documentId };
    printed = lines.map((line) => (/^[[{\d"-]/.test(line) ? JSON.parse(line) : line));
  }, 120_000);
  afterAll(async () => {
    await service?.close();
  });

  const exampleLines = () => printed.slice(8);
  const tool = async (name: string, args: Record<string, unknown>) =>
    ((await (await postToolCall(service.url, walk.accessToken, name, args)).json()) as { result: { structuredContent: Record<string, unknown> } }).result
      .structuredContent;

  it("prints the payment loop's eight lines, then seven lines of the example", () => {
    expect(printed).toHaveLength(15);
    const [freeCall, refused, setup, pressed, checked, paidCall, mandate, invoice] = printed;
    expect([freeCall, refused, pressed, paidCall]).toEqual(['term_sheet', 402, { status: 'complete' }, 'term_sheet']);
    expect(setup).toMatchObject({ rail: 'sandbox', maxMonthlyBudgetUsd: 5 });
    expect(checked).toMatchObject({ status: 'complete', rail: 'sandbox' });
    expect(mandate).toMatchObject({ rail: 'sandbox', status: 'active', budgetCents: 500, spentCents: 15 });
    expect(invoice).toMatchObject({ rail: 'sandbox', charges: 1, amountCents: 15 });
  });

  it('prints the document type, financial_statement, and the kinds of its three pages, as step 2 says', () => {
    const [documentType, pageKinds] = exampleLines() as [string, string[]];
    expect(documentType).toBe('financial_statement');
    expect(pageKinds).toEqual(['income_statement', 'balance_sheet', 'cash_flow_statement']);
    expect(stepComment(example, 2)).toBe(`What is it? -> ${documentType}, and its pages' kinds: ${JSON.stringify(pageKinds)}.`);
  });

  it("prints the first fact, 2024's revenue of 12,500,000 with its quote, exactly as step 3's comment shows it", () => {
    const firstFact = exampleLines()[2];
    const shown = JSON.parse(/\{.*\}/.exec(stepComment(example, 3))![0]) as { evidence: Record<string, unknown> };
    expect(firstFact).toEqual({ ...shown, evidence: { ...shown.evidence, documentId: walk.documentId } });
    expect(firstFact).toEqual({
      concept: 'Revenues',
      label: 'Revenue',
      period: { label: 'Year ended December 31, 2024', end: '2024-12-31', months: 12 },
      value: 12_500_000,
      currency: 'USD',
      source: 'document',
      evidence: { documentId: walk.documentId, page: 1, quote: 'Revenue 12,500 10,000' },
    });
  });

  it("prints the 17 metrics of the workspace with their values and bands, and step 4's comment names them as printed", () => {
    const metrics = exampleLines()[3] as [string, number | null, string][];
    // Acme's 2024 figures in thousands: EBITDA 3,000 + 900 = 3,900; debt service 400 + 500; debt 500 + 4,000.
    expect(metrics).toEqual([
      ['dscr', 4.33, 'strong'],
      ['interest_coverage', 7.5, 'strong'],
      ['debt_to_ebitda', 1.15, 'strong'],
      ['debt_to_equity', 0.78, 'strong'],
      ['current_ratio', 2.5, 'strong'],
      ['quick_ratio', 1.77, 'strong'],
      ['gross_margin', 40, 'strong'],
      ['ebitda_margin', 31.2, 'strong'],
      ['net_margin', 15.6, 'strong'],
      ['revenue_growth', 25, 'strong'],
      ['dso', 61.32, 'weak'],
      ['dpo', 63.27, 'adequate'],
      ['cash_conversion_cycle', 75.92, 'weak'],
      ['burn_rate', -91666.67, 'strong'],
      ['runway_months', null, 'strong'],
      ['rule_of_40', 56.2, 'strong'],
      ['fccr', 2.17, 'strong'],
    ]);
    const named = [...stepComment(example, 4).matchAll(/\b([a-z_]+) (-?\d+(?:\.\d+)?|null)(?: \((strong|adequate|weak)[:)])?/g)];
    expect(named.map(([, id]) => id)).toEqual(['dscr', 'current_ratio', 'debt_to_ebitda', 'dso', 'burn_rate', 'runway_months']);
    for (const [, id, value, band] of named) expect(metrics.find(([metric]) => metric === id)).toEqual([id, JSON.parse(value), band]);
  });

  it('prints low risk, low fraud risk and the stored fraud score 0; the stored results bear out steps 5 and 6 (riskScore 0, no risk, every check passed)', async () => {
    expect(exampleLines().slice(4)).toEqual(['low', 'low', 0]);
    expect(stepComment(example, 5)).toContain('riskScore 0, risks []');
    expect(stepComment(example, 6)).toBe('Tampering checks: fraudScore 0, riskLevel low, every check listed.');
    const { outputs } = (await tool('get_deal_workspace', { workspaceId: walk.workspaceId })) as { outputs: StoredOutputs };
    expect(outputs.risk_discovery_agent[0].output).toMatchObject({ riskScore: 0, riskLevel: 'low', risks: [], documentIds: [walk.documentId] });
    const fraud = outputs.fraud_detection[0].output as { fraudScore: number; riskLevel: string; checks: { passed: boolean }[] };
    expect(fraud).toMatchObject({ fraudScore: 0, riskLevel: 'low' });
    expect(fraud.checks.length).toBeGreaterThan(0);
    expect(fraud.checks.filter((check) => !check.passed)).toEqual([]);
  });

  it('charges the sandbox mandate what the introduction says ($1.35: three pages each of classification, extraction and risk discovery); the trial pays for the ratios and the fraud check', async () => {
    const introduction = readme.slice(readme.indexOf('### A worked example'), readme.indexOf('```sh', readme.indexOf('### A worked example')));
    const stated = (pattern: RegExp) => Math.round(Number(pattern.exec(introduction.replaceAll('\n', ' '))![1]) * 100);
    const usage = (await (await fetch(`${service.url}/billing/usage`, { headers: { authorization: `Bearer ${walk.accessToken}` } })).json()) as Usage;
    const commits = (toolName: string) =>
      usage.recent
        .filter((entry) => entry.toolName === toolName && entry.entry === 'commit')
        .map(({ units, funding, amountCents }) => ({ units, funding, amountCents }));
    expect(commits('document_intelligence_agent')).toEqual([{ units: 3, funding: 'charged', amountCents: stated(/classification \$(\d+\.\d\d)/) }]);
    expect(commits('risk_discovery_agent')).toEqual([{ units: 3, funding: 'charged', amountCents: stated(/risk discovery \$(\d+\.\d\d)/) }]);
    // The payment loop's paid call comes first (the newest entries lead).
    expect(commits('data_extraction_agent')[0]).toEqual({ units: 3, funding: 'charged', amountCents: stated(/extraction \$(\d+\.\d\d)/) });
    expect(commits('quantitative_analysis_agent')).toEqual([{ units: 1, funding: 'free', amountCents: 0 }]);
    expect(commits('fraud_detection')).toEqual([{ units: 1, funding: 'free', amountCents: 0 }]);
    const loopSpent = (printed[6] as { spentCents: number }).spentCents;
    expect(usage.mandate).toMatchObject({ rail: 'sandbox', budgetCents: stated(/of its \$(\d+) budget/) });
    expect(usage.mandate.spentCents - loopSpent).toBe(stated(/cost \$(\d+\.\d\d)/));
  });
});
