import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sanctions lists the operator loads (SANCTIONS_LISTS) for local screening: one row per list
 * with the version and date of what was loaded, and its entries. A load replaces a list's row and
 * all its entries in one transaction, so readers see the old list or the new one, never a mix.
 */
export class SanctionsLists1795850000000 implements MigrationInterface {
  name = 'SanctionsLists1795850000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sanctions_lists" ("name" text NOT NULL, "title" text NOT NULL, "format" text NOT NULL, "source" text NOT NULL, "version" text NOT NULL, "published_at" TIMESTAMP WITH TIME ZONE, "loaded_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "entry_count" integer NOT NULL, CONSTRAINT "PK_sanctions_lists" PRIMARY KEY ("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "sanctions_entries" ("list_name" text NOT NULL, "entity_id" text NOT NULL, "entry" jsonb NOT NULL, CONSTRAINT "PK_sanctions_entries" PRIMARY KEY ("list_name", "entity_id"), CONSTRAINT "FK_sanctions_entries_list" FOREIGN KEY ("list_name") REFERENCES "sanctions_lists"("name") ON DELETE CASCADE)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "sanctions_entries"`);
    await queryRunner.query(`DROP TABLE "sanctions_lists"`);
  }
}
