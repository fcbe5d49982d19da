import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FirmsModule } from '../../src/firms/firms.module.js';
import { FirmsService } from '../../src/firms/firms.service.js';
import { insertAccount, startMediumModule, type MediumModule } from '../support/medium-database.js';

/** The firms module's published views (migration 1795700000000) against real PostgreSQL. */
describe('firm views (medium)', () => {
  let medium: MediumModule;
  let firms: FirmsService;
  let dataSource: DataSource;

  const membership = async (accountId: string) =>
    (await dataSource.query('SELECT kind, firm_id FROM account_memberships WHERE account_id = $1', [accountId])) as { kind: string; firm_id: string | null }[];
  const sharedWith = async (accountId: string) =>
    ((await dataSource.query('SELECT shared_account_id FROM shared_accounts WHERE account_id = $1', [accountId])) as { shared_account_id: string }[])
      .map((row) => row.shared_account_id)
      .sort();

  beforeAll(async () => {
    medium = await startMediumModule([FirmsModule]);
    firms = medium.get(FirmsService);
    dataSource = medium.get(DataSource);
  });
  afterAll(() => medium?.close());

  it("gives each account its kind and firm, and shares with the firm's members only while it is one", async () => {
    const [creator, member, machine, outsider] = await Promise.all([
      insertAccount(dataSource, 'human'),
      insertAccount(dataSource, 'human'),
      insertAccount(dataSource, 'machine'),
      insertAccount(dataSource, 'human'),
    ]);
    const { firmId, inviteCode } = await firms.create(creator, 'View Capital');
    await firms.join(member, inviteCode!);
    await firms.join(machine, inviteCode!);

    expect(await membership(machine)).toEqual([{ kind: 'machine', firm_id: firmId }]);
    expect(await membership(outsider)).toEqual([{ kind: 'human', firm_id: null }]);
    expect(await sharedWith(member)).toEqual([creator, member, machine].sort());
    expect(await sharedWith(outsider)).toEqual([outsider]);

    await firms.leave(member);
    expect(await membership(member)).toEqual([{ kind: 'human', firm_id: null }]);
    expect(await sharedWith(member)).toEqual([member]);
    expect(await sharedWith(creator)).toEqual([creator, machine].sort());
  });
});
