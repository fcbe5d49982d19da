import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { RequireBearer } from '../oauth/tokens/bearer-auth.guard.js';
import { CurrentPrincipal, type Principal } from '../oauth/tokens/principal.js';
import { BillingStatementsService, type Invoice, type UsageSummary } from './billing-statements.service.js';

class UsageBalance {
  @ApiProperty() usageKey: string;
  @ApiProperty({ enum: ['call', 'page'] }) unit: string;
  @ApiProperty() granted: number;
  @ApiProperty() used: number;
  @ApiProperty() remaining: number;
  @ApiProperty({ description: 'Price per unit beyond the free amount, in US cents' }) priceCents: number;
}

class UsageEntry {
  @ApiProperty() callId: string;
  @ApiProperty() usageKey: string;
  @ApiProperty() toolName: string;
  @ApiProperty() units: number;
  @ApiProperty({ enum: ['free', 'charged'] }) funding: string;
  @ApiProperty() amountCents: number;
  @ApiProperty({ enum: ['reserve', 'commit', 'release'] }) entry: string;
  @ApiProperty({ format: 'date-time' }) at: string;
}

class UsageMandate {
  @ApiProperty() mandateId: string;
  @ApiProperty({ enum: ['fiat', 'crypto', 'sandbox'], description: '`sandbox`: no money moves (development only)' }) rail: string;
  @ApiProperty({ enum: ['active', 'unfunded'], description: '`unfunded`: the wallet authorization could not be settled, and charges are refused' })
  status: string;
  @ApiProperty({ type: String, nullable: true, description: 'Why the mandate is unfunded' }) failure: string | null;
  @ApiProperty({ description: 'Monthly for a card; the whole authorization for a wallet' }) budgetCents: number;
  @ApiProperty({ description: 'Spent this month (card) or over the whole authorization (wallet)' }) spentCents: number;
  @ApiProperty({ format: 'date-time' }) validUntil: string;
}

class UsageResponse {
  @ApiProperty() accountId: string;
  @ApiProperty({ type: String, nullable: true, description: 'The firm whose monthly amounts and mandate the account shares' }) firmId: string | null;
  @ApiProperty({ enum: ['human', 'machine'] }) kind: 'human' | 'machine';
  @ApiProperty({ description: '`trial` for machines, `YYYY-MM` (UTC) for people' }) period: string;
  @ApiProperty({ type: [UsageBalance] }) balances: UsageBalance[];
  @ApiProperty({ type: UsageMandate, nullable: true, description: 'The active payment mandate and its spend this month (UTC), or null' })
  mandate: UsageMandate | null;
  @ApiProperty({ type: [UsageEntry], description: 'The latest 50 ledger entries, newest first' }) recent: UsageEntry[];
}

class InvoiceResponse {
  @ApiProperty() mandateId: string;
  @ApiProperty({ enum: ['fiat', 'crypto', 'sandbox'], description: '`sandbox`: charged on paper only, never collected (development only)' }) rail: string;
  @ApiProperty({ description: 'YYYY-MM (UTC) for a card; `authorization` for a wallet (one invoice per authorization)' }) period: string;
  @ApiProperty({ enum: ['open', 'closed'], description: 'The current month is open' }) status: string;
  @ApiProperty({ description: 'Charged calls' }) charges: number;
  @ApiProperty({ description: 'Total in US cents' }) amountCents: number;
  @ApiProperty({ description: "The mandate's budget: monthly for a card, the whole authorization for a wallet" }) budgetCents: number;
  @ApiProperty({
    type: Object,
    nullable: true,
    description:
      'Card rail, closed months: { status: collecting | paid | failed, stripePaymentIntentId, failure, attempts, nextAttemptAt }. ' +
      'Wallet rail, once charged: { status: settling | settled | refunding | refunded | failed, settlementTxHash, refundUnits, refundTxHash, failure }',
  })
  payment: Invoice['payment'];
}

@ApiTags('Billing')
@Controller('billing')
export class BillingController {
  constructor(private readonly statements: BillingStatementsService) {}

  @Get('usage')
  @RequireBearer()
  @ApiOperation({ summary: "The caller's free-quota balances for the current period and its latest usage ledger entries" })
  @ApiOkResponse({ type: UsageResponse })
  usage(@CurrentPrincipal() principal: Principal): Promise<UsageSummary> {
    return this.statements.usage(principal.accountId);
  }

  @Get('invoices')
  @RequireBearer()
  @ApiOperation({ summary: "Monthly invoices: per mandate and month, the calls charged beyond the free amount (the account's, or its firm's)" })
  @ApiOkResponse({ type: [InvoiceResponse] })
  invoices(@CurrentPrincipal() principal: Principal): Promise<Invoice[]> {
    return this.statements.invoices(principal.accountId);
  }
}
