import { Module } from '@nestjs/common';
import { McpModule } from '../mcp/mcp.module.js';
import { FirmsModule } from '../firms/firms.module.js';
import { TokensModule } from '../oauth/tokens/tokens.module.js';
import { BillingController } from './billing.controller.js';
import { BillingStatementsRepository } from './billing-statements.repository.js';
import { BillingStatementsService } from './billing-statements.service.js';
import { MeteringInterceptor } from './metering.interceptor.js';
import { MeteringService } from './metering.service.js';
import { InvoiceCollector } from './payments/invoice-collector.js';
import { InvoicePaymentRepository } from './payments/invoice-payment.repository.js';
import { PaymentMandateRepository } from './payments/payment-mandate.repository.js';
import { PaymentRailsModule } from './payments/payment-rails.module.js';
import { PaymentSetupSessionRepository } from './payments/payment-setup-session.repository.js';
import { PaymentSetupController } from './payments/payment-setup.controller.js';
import { PaymentSetupService } from './payments/payment-setup.service.js';
import { PaymentTools } from './payments/payment.tools.js';
import { WalletSettlement } from './payments/wallet-settlement.js';
import { UsageLedgerRepository } from './usage-ledger.repository.js';
import { WalletSettlementRepository } from './payments/wallet-settlement.repository.js';

/**
 * Free quota, the usage ledger, metering, payment setup and mandates (SERVICE-SPEC 2.15, 3.4, 3.5, 5.4, 8).
 * MeteringService writes the ledger (UsageLedgerRepository); BillingStatementsService reads usage
 * and invoices (BillingStatementsRepository).
 */
@Module({
  imports: [McpModule, TokensModule, FirmsModule, PaymentRailsModule],
  controllers: [BillingController, PaymentSetupController],
  providers: [
    MeteringService,
    UsageLedgerRepository,
    BillingStatementsService,
    BillingStatementsRepository,
    MeteringInterceptor,
    PaymentSetupService,
    PaymentTools,
    InvoiceCollector,
    WalletSettlement,
    PaymentSetupSessionRepository,
    PaymentMandateRepository,
    InvoicePaymentRepository,
    WalletSettlementRepository,
  ],
  exports: [MeteringService, PaymentSetupService],
})
export class BillingModule {}
