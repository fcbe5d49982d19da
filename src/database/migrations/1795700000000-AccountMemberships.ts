import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The firms module's published read model (docs/DECISIONS.md "Firms publish views, not SQL
 * fragments"): other modules' statements join these views instead of pasting firms' SQL, and stay
 * one round trip. `account_memberships`: every account's kind and firm (null outside a firm).
 * `shared_accounts`: for each account, the accounts whose workspaces and billing it shares (itself
 * and the other members of its firm). Plain views: PostgreSQL inlines them, so a lookup by
 * `account_id` uses the same primary-key and `firm_id` indexes as the fragments did.
 */
export class AccountMemberships1795700000000 implements MigrationInterface {
  name = 'AccountMemberships1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE VIEW "account_memberships" AS SELECT a.id AS account_id, a.kind, fm.firm_id FROM accounts a LEFT JOIN firm_members fm ON fm.account_id = a.id`,
    );
    await queryRunner.query(
      `CREATE VIEW "shared_accounts" AS
         SELECT a.id AS account_id, a.id AS shared_account_id FROM accounts a
         UNION ALL
         SELECT me.account_id, member.account_id FROM firm_members me JOIN firm_members member ON member.firm_id = me.firm_id AND member.account_id <> me.account_id`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP VIEW "shared_accounts"`);
    await queryRunner.query(`DROP VIEW "account_memberships"`);
  }
}
