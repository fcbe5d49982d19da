import { MigrationInterface, QueryRunner } from 'typeorm';

export class Identity1795363767880 implements MigrationInterface {
  name = 'Identity1795363767880';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "accounts" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" text NOT NULL, "display_name" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_5a7a02c20412299d198e097a8fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "users" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "account_id" uuid NOT NULL, "email" text NOT NULL, "email_normalized" text NOT NULL, "password_hash" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "last_sign_in_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_17a709b8b6146c491e6615c29d" ON "users"  ("account_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_5a42435a9cd1daeec3adbb4263" ON "users"  ("email_normalized") `);
    await queryRunner.query(
      `CREATE TABLE "web_sessions" ("id_hash" text NOT NULL, "user_id" uuid NOT NULL, "account_id" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_8991af248f10947a7a8565ec960" PRIMARY KEY ("id_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_099af5f73522b589358b3d1189" ON "web_sessions"  ("user_id") `);
    await queryRunner.query(
      `CREATE TABLE "oauth_clients" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" text NOT NULL, "client_secret_hash" text, "kind" text NOT NULL, "client_name" text, "redirect_uris" jsonb NOT NULL DEFAULT '[]', "grant_types" jsonb NOT NULL, "response_types" jsonb NOT NULL, "token_endpoint_auth_method" text NOT NULL, "account_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c4759172d3431bae6f04e678e0d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_c5c4af500cc8bfc05500fff7f9" ON "oauth_clients"  ("client_id") `);
    await queryRunner.query(
      `CREATE TABLE "authorization_codes" ("code_hash" text NOT NULL, "client_id" text NOT NULL, "account_id" uuid NOT NULL, "redirect_uri" text NOT NULL, "code_challenge" text NOT NULL, "scope" text NOT NULL, "resource" text, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "consumed_at" TIMESTAMP WITH TIME ZONE, "token_family_id" uuid, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2e198275bb8a2fe00f554be97a3" PRIMARY KEY ("code_hash"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "token_families" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "client_id" text NOT NULL, "account_id" uuid NOT NULL, "scope" text NOT NULL, "resource" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "revoked_at" TIMESTAMP WITH TIME ZONE, "revoked_reason" text, CONSTRAINT "PK_8cd04c6c4ea12aa00a7e3f494be" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "refresh_tokens" ("token_hash" text NOT NULL, "family_id" uuid NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "replaced_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a7838d2ba25be1342091b6695f1" PRIMARY KEY ("token_hash"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_d5e27da0cd39bc3bb2811fc8ba" ON "refresh_tokens"  ("family_id") `);
    await queryRunner.query(
      `CREATE TABLE "signing_keys" ("kid" text NOT NULL, "algorithm" text NOT NULL, "public_jwk" jsonb NOT NULL, "private_key_sealed" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "retired_at" TIMESTAMP WITH TIME ZONE, "published_until" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_13362ac3e792c69417e1a53d355" PRIMARY KEY ("kid"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "users" ADD CONSTRAINT "FK_17a709b8b6146c491e6615c29d7" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "web_sessions" ADD CONSTRAINT "FK_099af5f73522b589358b3d1189f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "oauth_clients" ADD CONSTRAINT "FK_fc2e62988e2684905b524c96820" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "authorization_codes" ADD CONSTRAINT "FK_9b6780f6c2ce73987f7cabb4ae3" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("client_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "authorization_codes" ADD CONSTRAINT "FK_ae1382dcb67efd08c4701ba5556" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "token_families" ADD CONSTRAINT "FK_7e4ec2e94093ee9e579d662b471" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("client_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "token_families" ADD CONSTRAINT "FK_b885fe2ffc49b5252ea465f1e3a" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_tokens" ADD CONSTRAINT "FK_d5e27da0cd39bc3bb2811fc8bac" FOREIGN KEY ("family_id") REFERENCES "token_families"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_tokens" DROP CONSTRAINT "FK_d5e27da0cd39bc3bb2811fc8bac"`);
    await queryRunner.query(`ALTER TABLE "token_families" DROP CONSTRAINT "FK_b885fe2ffc49b5252ea465f1e3a"`);
    await queryRunner.query(`ALTER TABLE "token_families" DROP CONSTRAINT "FK_7e4ec2e94093ee9e579d662b471"`);
    await queryRunner.query(`ALTER TABLE "authorization_codes" DROP CONSTRAINT "FK_ae1382dcb67efd08c4701ba5556"`);
    await queryRunner.query(`ALTER TABLE "authorization_codes" DROP CONSTRAINT "FK_9b6780f6c2ce73987f7cabb4ae3"`);
    await queryRunner.query(`ALTER TABLE "oauth_clients" DROP CONSTRAINT "FK_fc2e62988e2684905b524c96820"`);
    await queryRunner.query(`ALTER TABLE "web_sessions" DROP CONSTRAINT "FK_099af5f73522b589358b3d1189f"`);
    await queryRunner.query(`ALTER TABLE "users" DROP CONSTRAINT "FK_17a709b8b6146c491e6615c29d7"`);
    await queryRunner.query(`DROP TABLE "signing_keys"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d5e27da0cd39bc3bb2811fc8ba"`);
    await queryRunner.query(`DROP TABLE "refresh_tokens"`);
    await queryRunner.query(`DROP TABLE "token_families"`);
    await queryRunner.query(`DROP TABLE "authorization_codes"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c5c4af500cc8bfc05500fff7f9"`);
    await queryRunner.query(`DROP TABLE "oauth_clients"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_099af5f73522b589358b3d1189"`);
    await queryRunner.query(`DROP TABLE "web_sessions"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5a42435a9cd1daeec3adbb4263"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_17a709b8b6146c491e6615c29d"`);
    await queryRunner.query(`DROP TABLE "users"`);
    await queryRunner.query(`DROP TABLE "accounts"`);
  }
}
