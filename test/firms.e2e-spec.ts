import { describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { toolOutcome } from './support/mcp-helpers.js';
import { MeteredTestToolsModule, TestClock } from './support/metered-tools.module.js';
import { humanToken } from './support/oauth-helpers.js';
import { appForSuite } from './support/test-app.js';

type Firm = { firmId: string; firmName: string; role: string; members: number; inviteCode?: string };

describe('firms (link_to_firm)', () => {
  const clock = new TestClock();
  clock.set('2026-11-20T10:00:00Z');
  const service = appForSuite({
    additionalModules: [MeteredTestToolsModule],
    clock,
    env: { RATE_LIMIT_SIGN_IN_ADDRESS: '1000/900', RATE_LIMIT_MCP: '100000/60', RATE_LIMIT_REGISTRATION: '100000/60', RATE_LIMIT_TOKEN: '100000/60' },
  });

  const tool = <T = Record<string, unknown>>(token: string, name: string, args: Record<string, unknown> = {}) => toolOutcome<T>(service.url, token, name, args);
  const person = async () => (await humanToken(service.url)).accessToken;
  const memoBalance = async (token: string) =>
    (await (await fetch(`${service.url}/billing/usage`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      firmId: string | null;
      balances: { usageKey: string; used: number; granted: number }[];
    };

  async function firmOfTwo(): Promise<{ creator: string; member: string; firm: Firm }> {
    const [creator, member] = await Promise.all([person(), person()]);
    const firm = (await tool<Firm>(creator, 'link_to_firm', { firmName: ' Acme Capital ' })).result!;
    expect(firm).toEqual({ firmId: expect.any(String), firmName: 'Acme Capital', role: 'creator', members: 1, inviteCode: expect.stringMatching(/^firm_/) });
    expect((await tool<Firm>(member, 'link_to_firm', { inviteCode: firm.inviteCode })).result).toEqual({
      firmId: firm.firmId,
      firmName: 'Acme Capital',
      role: 'member',
      members: 2,
    });
    return { creator, member, firm };
  }

  it("lets members drain one shared monthly free tier, and shows it as the firm's", async () => {
    const { creator, member, firm } = await firmOfTwo();
    expect((await tool(creator, 'test_metered_credit_memo_drafting')).status).toBe(200);
    expect((await tool(member, 'test_metered_credit_memo_drafting')).status).toBe(200);
    expect((await tool(creator, 'test_metered_credit_memo_drafting')).status).toBe(200);
    expect((await tool(member, 'test_metered_credit_memo_drafting')).status).toBe(402);
    expect((await tool(creator, 'test_metered_credit_memo_drafting')).status).toBe(402);
    const usage = await memoBalance(member);
    expect(usage.firmId).toBe(firm.firmId);
    expect(usage.balances.find((balance) => balance.usageKey === 'credit_memo_drafting')).toMatchObject({ granted: 3, used: 3 });
  });

  it('serves exactly the shared free amount when members call at once, 10 calls each', async () => {
    const { creator, member } = await firmOfTwo();
    const answers = await Promise.all([creator, member].flatMap((token) => Array.from({ length: 10 }, () => tool(token, 'test_metered_credit_memo_drafting'))));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(17);
    expect((await memoBalance(creator)).balances.find((balance) => balance.usageKey === 'credit_memo_drafting')).toMatchObject({ granted: 3, used: 3 });
  });

  it("shares the members' deal workspaces, and only theirs", async () => {
    const { creator, member } = await firmOfTwo();
    const outsider = await person();
    const { workspaceId } = (await tool<{ workspaceId: string }>(creator, 'create_deal_workspace', { clientName: 'Shared deal' })).result!;
    expect((await tool<{ clientName: string }>(member, 'get_deal_workspace', { workspaceId })).result?.clientName).toBe('Shared deal');
    expect((await tool(outsider, 'get_deal_workspace', { workspaceId })).error?.code).toBe('NOT_FOUND');
  });

  it('neither duplicates nor loses a personal balance when someone joins and leaves', async () => {
    const { firm } = await firmOfTwo();
    const joiner = await person();
    expect((await tool(joiner, 'test_metered_credit_memo_drafting')).status).toBe(200);
    await tool(joiner, 'link_to_firm', { inviteCode: firm.inviteCode });
    expect((await memoBalance(joiner)).balances.find((balance) => balance.usageKey === 'credit_memo_drafting')).toMatchObject({ used: 0 });
    expect((await tool<Firm>(joiner, 'link_to_firm', { leave: true })).result).toMatchObject({ role: 'left', members: 2 });
    const after = await memoBalance(joiner);
    expect(after.firmId).toBeNull();
    expect(after.balances.find((balance) => balance.usageKey === 'credit_memo_drafting')).toMatchObject({ granted: 3, used: 1 });
  });

  it('refuses an unknown code, a second firm, and ambiguous arguments', async () => {
    const { creator } = await firmOfTwo();
    const loner = await person();
    expect((await tool(loner, 'link_to_firm', { inviteCode: 'firm_nope' })).error?.code).toBe('NOT_FOUND');
    expect((await tool(creator, 'link_to_firm', { firmName: 'Second' })).error?.message).toContain('already belongs to a firm');
    expect((await tool(loner, 'link_to_firm', { firmName: 'A', inviteCode: 'B' })).error?.message).toBe(
      'Give exactly one of firmName, inviteCode or leave: true.',
    );
    expect((await tool(loner, 'link_to_firm', {})).error?.code).toBe('INVALID_INPUT');
    expect((await tool(loner, 'link_to_firm', { leave: true })).error?.message).toBe('This account belongs to no firm.');
  });

  it('admits one firm per account when two joins race', async () => {
    const [a, b] = await Promise.all([firmOfTwo(), firmOfTwo()]);
    const racer = await person();
    const outcomes = await Promise.all([
      tool<Firm>(racer, 'link_to_firm', { inviteCode: a.firm.inviteCode }),
      tool<Firm>(racer, 'link_to_firm', { inviteCode: b.firm.inviteCode }),
    ]);
    expect(outcomes.filter((outcome) => outcome.result).length).toBe(1);
    expect(outcomes.filter((outcome) => outcome.error).length).toBe(1);
  });

  it('answers firms that one account creates at once as it answers them one after the other: one firm, the rest refused', async () => {
    const founder = await person();
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, n) => tool<Firm>(founder, 'link_to_firm', { firmName: `Race ${n}` })));
    expect(outcomes.filter((outcome) => outcome.result?.role === 'creator')).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.result).map(({ status, error, rpcError }) => ({ status, error, rpcError }))).toEqual(
      Array.from({ length: 5 }, () => ({
        status: 200,
        error: { code: 'INVALID_INPUT', message: 'This account already belongs to a firm: leave it first (link_to_firm with leave: true).' },
        rpcError: undefined,
      })),
    );
    const { accountId } = (await (await fetch(`${service.url}/account`, { headers: { authorization: `Bearer ${founder}` } })).json()) as { accountId: string };
    const firms = (await service.app.get(DataSource).query('SELECT count(*)::int AS count FROM firms WHERE created_by = $1', [accountId])) as {
      count: number;
    }[];
    expect(firms[0].count).toBe(1);
  });

  it('settles a join and a creation racing for one account with one firm and a tool error, never an internal error', async () => {
    const { firm } = await firmOfTwo();
    for (let round = 0; round < 3; round++) {
      const racer = await person();
      const outcomes = await Promise.all([
        tool<Firm>(racer, 'link_to_firm', { inviteCode: firm.inviteCode }),
        tool<Firm>(racer, 'link_to_firm', { firmName: 'Racer Capital' }),
      ]);
      expect(outcomes.filter((outcome) => outcome.result)).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.error?.code === 'INVALID_INPUT')).toHaveLength(1);
    }
  });

  it('answers leaves that one account sends at once as it answers them one after the other: one leaves, the rest find no firm', async () => {
    const { member } = await firmOfTwo();
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => tool<Firm>(member, 'link_to_firm', { leave: true })));
    expect(outcomes.filter((outcome) => outcome.result?.role === 'left')).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.result).map((outcome) => outcome.error)).toEqual(
      Array.from({ length: 3 }, () => ({ code: 'INVALID_INPUT', message: 'This account belongs to no firm.' })),
    );
  });
});
