import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Free reservations of many calls in one statement (BillingService batches the calls in flight):
 * each call's units are taken with the same conditional UPDATE as one call's, in turn, and the
 * reserve entry is written only for the calls whose units were taken. The calls go in the order of
 * their balance keys, so two batches lock shared balances in the same order and never deadlock.
 */
export class BatchedFreeReservations1795470000000 implements MigrationInterface {
  name = 'BatchedFreeReservations1795470000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION reserve_free_units(calls jsonb) RETURNS TABLE (reserved_call_id uuid) LANGUAGE plpgsql AS $$
      DECLARE
        c record;
      BEGIN
        FOR c IN
          SELECT * FROM jsonb_to_recordset(calls) AS x(call_id uuid, account_id uuid, owner_id uuid, usage_key text, period text, units integer, tool_name text)
           ORDER BY x.owner_id, x.usage_key, x.period
        LOOP
          UPDATE quota_balances q SET used = q.used + c.units
           WHERE q.owner_id = c.owner_id AND q.usage_key = c.usage_key AND q.period = c.period AND q.used + c.units <= q.granted;
          IF FOUND THEN
            INSERT INTO usage_ledger (entry, call_id, account_id, owner_id, usage_key, period, units, funding, amount_cents, tool_name)
            VALUES ('reserve', c.call_id, c.account_id, c.owner_id, c.usage_key, c.period, c.units, 'free', 0, c.tool_name);
            reserved_call_id := c.call_id;
            RETURN NEXT;
          END IF;
        END LOOP;
      END
      $$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION reserve_free_units(jsonb)`);
  }
}
