import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Every replica reads the families revoked since its last look, every few seconds. */
export class RevokedFamiliesIndex1795482000000 implements MigrationInterface {
  name = 'RevokedFamiliesIndex1795482000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_token_families_revoked_at" ON "token_families" ("revoked_at") WHERE "revoked_at" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_token_families_revoked_at"`);
  }
}
