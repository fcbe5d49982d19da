import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { TokensModule } from '../oauth/tokens/tokens.module.js';
import { BillingController } from './billing.controller.js';
import { BillingService } from './billing.service.js';
import { MeteringInterceptor } from './metering.interceptor.js';

/** Free quota, the usage ledger and the metering of tool calls (SERVICE-SPEC 8.1, 8.2). */
@Module({
  imports: [DocumentsModule, TokensModule],
  controllers: [BillingController],
  providers: [BillingService, MeteringInterceptor],
  exports: [BillingService],
})
export class BillingModule {}
