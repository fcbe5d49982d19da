import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql } from '../database/sql.js';

export interface Membership {
  kind: 'human' | 'machine';
  firmId: string | null;
}

/** Raised inside `createFirm`'s transaction, so that nothing of the firm is written. */
export class AlreadyInAFirm extends Error {}

/**
 * Firms and their members. Other modules read membership through the views of migration
 * 1795700000000 (`account_memberships`, `shared_accounts`), the firms module's published read model.
 */
@Injectable()
export class FirmsRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  /** The account's kind and firm; undefined if there is no such account. */
  async membership(accountId: string): Promise<Membership | undefined> {
    const [row] = await this.sql.query<{ kind: Membership['kind']; firm_id: string | null }>(
      'SELECT kind, firm_id FROM account_memberships WHERE account_id = $1',
      [accountId],
    );
    return row && { kind: row.kind, firmId: row.firm_id };
  }

  async firmOf(accountId: string): Promise<string | null> {
    const [row] = await this.sql.query<{ firm_id: string }>('SELECT firm_id FROM firm_members WHERE account_id = $1', [accountId]);
    return row?.firm_id ?? null;
  }

  /** The creator of the account's firm while the creator is still one of its members; else null. */
  async firmOwnerOf(accountId: string): Promise<string | null> {
    const [row] = await this.sql.query<{ owner_id: string }>(
      `SELECT f.created_by AS owner_id FROM firm_members me JOIN firms f ON f.id = me.firm_id
         JOIN firm_members owner ON owner.account_id = f.created_by AND owner.firm_id = f.id
        WHERE me.account_id = $1`,
      [accountId],
    );
    return row?.owner_id ?? null;
  }

  async firmByInviteCodeHash(inviteCodeHash: string): Promise<string | undefined> {
    const [firm] = await this.sql.query<{ id: string }>('SELECT id FROM firms WHERE invite_code_hash = $1', [inviteCodeHash]);
    return firm?.id;
  }

  /**
   * The firm and its creator's membership, in one transaction; AlreadyInAFirm if the creator has one.
   * The membership insert is the check: a SELECT ... FOR UPDATE locks no row while the creator has
   * none, so two concurrent creations (or a creation and a join) both passed it and the loser hit
   * the primary key (23505, an internal error). ON CONFLICT waits for the other transaction and
   * then inserts nothing, which rolls this firm back and answers as the sequential path does.
   */
  async createFirm(creatorId: string, name: string, inviteCodeHash: string): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const [firm] = (await manager.query('INSERT INTO firms (name, invite_code_hash, created_by) VALUES ($1, $2, $3) RETURNING id', [
        name,
        inviteCodeHash,
        creatorId,
      ])) as { id: string }[];
      const joined = (await manager.query(
        'INSERT INTO firm_members (account_id, firm_id) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING RETURNING account_id',
        [creatorId, firm.id],
      )) as unknown[];
      if (joined.length === 0) throw new AlreadyInAFirm();
      return firm.id;
    });
  }

  /** Adds the member unless the account already belongs to a firm (the primary key on account_id settles two concurrent joins). */
  async addMember(accountId: string, firmId: string): Promise<void> {
    await this.sql.query('INSERT INTO firm_members (account_id, firm_id) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING', [accountId, firmId]);
  }

  /**
   * The firm the account left, or null if it belonged to none. One statement reads and removes, so
   * that of two concurrent leaves only one reports leaving, as when they come one after the other.
   */
  async removeMember(accountId: string): Promise<string | null> {
    const [row] = await this.sql.query<{ firm_id: string }>('DELETE FROM firm_members WHERE account_id = $1 RETURNING firm_id', [accountId]);
    return row?.firm_id ?? null;
  }

  async describe(firmId: string): Promise<{ firmId: string; firmName: string; members: number }> {
    const [firm] = await this.sql.query<{ id: string; name: string; members: number }>(
      'SELECT f.id, f.name, (SELECT count(*)::int FROM firm_members m WHERE m.firm_id = f.id) AS members FROM firms f WHERE f.id = $1',
      [firmId],
    );
    return { firmId: firm.id, firmName: firm.name, members: firm.members };
  }
}
