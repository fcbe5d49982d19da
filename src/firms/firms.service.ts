import { Injectable } from '@nestjs/common';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { Sql } from '../database/sql.js';
import { randomToken, sha256 } from '../common/crypto/random-token.js';
import { ForbiddenException, InvalidInputException, ResourceNotFoundException } from '../common/errors/app.exception.js';
import type { FirmResult } from './dto/link-to-firm.dto.js';

/**
 * The accounts whose workspaces and billing an account shares: itself and the members of its
 * firm. A SQL fragment (with `$n` as the caller's account id) so that the hot queries stay one
 * round trip; it is this module's public surface for other modules' queries.
 */
export const sharingAccountsSql = (parameter: string) =>
  `(SELECT ${parameter}::uuid UNION SELECT member.account_id FROM firm_members member JOIN firm_members me ON me.firm_id = member.firm_id WHERE me.account_id = ${parameter}::uuid)`;

/**
 * An account's `kind` and `firm_id`, as a subquery over `accountId` (a column or `$n`), for
 * statements of other modules that need them without a round trip of their own (metering).
 */
export const membershipSql = (accountId: string) => `(SELECT a.kind, fm.firm_id FROM accounts a LEFT JOIN firm_members fm ON fm.account_id = a.id WHERE a.id = ${accountId})`;

/** A token of an external identity provider names no account of this service to bill. */
export const noBillableAccount = () => new ForbiddenException('Metered tools need an account of this service: sign in here, or register a machine client.');

/** Firms (`link_to_firm`): members share the people's free tier, one payment mandate and their workspaces. */
@Injectable()
export class FirmsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
  ) {}

  /** The account's kind and firm. */
  async membership(accountId: string): Promise<{ kind: 'human' | 'machine'; firmId: string | null }> {
    if (!isUUID(accountId)) throw noBillableAccount();
    const [row] = await this.sql.query<{ kind: 'human' | 'machine'; firm_id: string | null }>(`SELECT kind, firm_id FROM ${membershipSql('$1')} membership`, [accountId]);
    if (!row) throw noBillableAccount();
    return { kind: row.kind, firmId: row.firm_id };
  }

  /** The firm whose balances and mandate an account uses, or null. */
  async firmOf(accountId: string): Promise<string | null> {
    const [row] = (await this.dataSource.query('SELECT firm_id FROM firm_members WHERE account_id = $1', [accountId])) as { firm_id: string }[];
    return row?.firm_id ?? null;
  }

  async create(accountId: string, firmName: string): Promise<FirmResult> {
    const inviteCode = `firm_${randomToken(16)}`;
    const firmId = await this.dataSource.transaction(async (manager) => {
      const [membership] = (await manager.query('SELECT firm_id FROM firm_members WHERE account_id = $1 FOR UPDATE', [accountId])) as unknown[];
      if (membership) throw new InvalidInputException('This account already belongs to a firm: leave it first (link_to_firm with leave: true).');
      const [firm] = (await manager.query('INSERT INTO firms (name, invite_code_hash, created_by) VALUES ($1, $2, $3) RETURNING id', [firmName.trim(), sha256(inviteCode), accountId])) as { id: string }[];
      await manager.query('INSERT INTO firm_members (account_id, firm_id) VALUES ($1, $2)', [accountId, firm.id]);
      return firm.id;
    });
    return { ...(await this.describe(firmId)), role: 'creator', inviteCode };
  }

  async join(accountId: string, inviteCode: string): Promise<FirmResult> {
    const [firm] = (await this.dataSource.query('SELECT id FROM firms WHERE invite_code_hash = $1', [sha256(inviteCode)])) as { id: string }[];
    if (!firm) throw new ResourceNotFoundException('No firm has this invite code.');
    const current = await this.firmOf(accountId);
    if (current && current !== firm.id) throw new InvalidInputException('This account already belongs to another firm: leave it first (link_to_firm with leave: true).');
    // The primary key on account_id settles two concurrent joins: one row, whichever wins.
    await this.dataSource.query('INSERT INTO firm_members (account_id, firm_id) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING', [accountId, firm.id]);
    if ((await this.firmOf(accountId)) !== firm.id) throw new InvalidInputException('This account joined another firm meanwhile.');
    return { ...(await this.describe(firm.id)), role: 'member' };
  }

  async leave(accountId: string): Promise<FirmResult> {
    const firmId = await this.firmOf(accountId);
    if (!firmId) throw new InvalidInputException('This account belongs to no firm.');
    await this.dataSource.query('DELETE FROM firm_members WHERE account_id = $1', [accountId]);
    return { ...(await this.describe(firmId)), role: 'left' };
  }

  private async describe(firmId: string): Promise<Omit<FirmResult, 'role'>> {
    const [firm] = (await this.dataSource.query('SELECT f.id, f.name, (SELECT count(*) FROM firm_members m WHERE m.firm_id = f.id) AS members FROM firms f WHERE f.id = $1', [firmId])) as {
      id: string;
      name: string;
      members: string;
    }[];
    return { firmId: firm.id, firmName: firm.name, members: Number(firm.members) };
  }
}
