import { Module } from '@nestjs/common';
import { McpModule } from '../mcp/mcp.module.js';
import { FirmsModule } from '../firms/firms.module.js';
import { TokensModule } from '../oauth/tokens/tokens.module.js';
import { BillingController } from './billing.controller.js';
import { BillingService } from './billing.service.js';
import { MeteringInterceptor } from './metering.interceptor.js';
import { InvoiceCollector } from './payments/invoice-collector.js';
import { InvoicePaymentRepository } from './payments/invoice-payment.repository.js';
import { PaymentMandateRepository } from './payments/payment-mandate.repository.js';
import { PaymentRailsModule } from './payments/payment-rails.module.js';
import { PaymentSetupSessionRepository } from './payments/payment-setup-session.repository.js';
import { PaymentSetupController } from './payments/payment-setup.controller.js';
import { PaymentSetupService } from './payments/payment-setup.service.js';
import { PaymentTools } from './payments/payment.tools.js';
import { WalletSettlement } from './payments/wallet-settlement.js';
import { WalletSettlementRepository } from './payments/wallet-settlement.repository.js';

/** Free quota, the usage ledger, metering, payment setup and mandates (SERVICE-SPEC 2.15, 3.4, 3.5, 5.4, 8). */
@Module({
  imports: [McpModule, TokensModule, FirmsModule, PaymentRailsModule],
  controllers: [BillingController, PaymentSetupController],
  providers: [
    BillingService,
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
  exports: [BillingService, PaymentSetupService],
})
export class BillingModule {}
