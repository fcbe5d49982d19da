import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Collection of closed monthly card invoices: one payment per mandate and month. */
export class InvoicePayments1795450000000 implements MigrationInterface {
  name = 'InvoicePayments1795450000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "invoice_payments" ("mandate_id" uuid NOT NULL, "period" text NOT NULL, "amount_cents" integer NOT NULL, "status" text NOT NULL, "stripe_payment_intent_id" text, "failure" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "settled_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_invoice_payments" PRIMARY KEY ("mandate_id", "period"), CONSTRAINT "CHK_invoice_payments_status" CHECK ("status" IN ('collecting', 'paid', 'failed')), CONSTRAINT "FK_invoice_payments_mandate" FOREIGN KEY ("mandate_id") REFERENCES "payment_mandates"("id") ON DELETE CASCADE)`,
    );
    await queryRunner.query(`ALTER TABLE "payment_setup_sessions" ADD "stripe_customer_id" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payment_setup_sessions" DROP COLUMN "stripe_customer_id"`);
    await queryRunner.query(`DROP TABLE "invoice_payments"`);
  }
}
