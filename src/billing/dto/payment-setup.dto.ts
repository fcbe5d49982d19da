import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsNumber, IsString, Max, MaxLength, Min } from 'class-validator';
import { IsWholeCents, Optional } from '../../common/validation/optional.js';

@ApiSchema({ name: 'InitiatePaymentSetupInput' })
export class InitiatePaymentSetupInput {
  @ApiPropertyOptional({ description: 'Monthly budget in US dollars (1-500).', minimum: 1, maximum: 500, default: 50 })
  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsWholeCents()
  @Min(1)
  @Max(500)
  maxMonthlyBudgetUsd?: number;

  @ApiPropertyOptional({
    enum: ['fiat', 'crypto', 'both'],
    default: 'both',
    description: 'fiat: card; crypto: USDC wallet authorization; both: the person chooses.',
  })
  @Optional()
  @IsIn(['fiat', 'crypto', 'both'])
  rail?: 'fiat' | 'crypto' | 'both';
}

/** What both payment tools report about a session. */
class PaymentSetupTerms {
  @ApiProperty({ format: 'date-time' })
  expiresAt: string;

  @ApiProperty({
    enum: ['fiat', 'crypto', 'both', 'sandbox'],
    description: 'sandbox: no money moves (offered only outside production, when no real rail is configured).',
  })
  rail: string;

  @ApiProperty()
  maxMonthlyBudgetUsd: number;
}

@ApiSchema({ name: 'PaymentSetupSession' })
export class PaymentSetupSessionResult extends PaymentSetupTerms {
  @ApiProperty({ format: 'uri', description: 'The hosted page where the person authorizes the budget (valid 10 minutes).' })
  setupUrl: string;

  @ApiProperty({ description: 'Pass to check_payment_setup.' })
  sessionToken: string;
}

/** Exactly one of the two names is required (checked by the tool): the spec's `session_token`, or `sessionToken` as initiate_payment_setup returns it. */
@ApiSchema({ name: 'CheckPaymentSetupInput' })
export class CheckPaymentSetupInput {
  @ApiPropertyOptional({
    description: 'The sessionToken from initiate_payment_setup. Give this or sessionToken, not both (the same value under both names is accepted).',
  })
  @Optional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  session_token?: string;

  @ApiPropertyOptional({ description: 'The same token under the name initiate_payment_setup returns it; an alternative to session_token.' })
  @Optional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  sessionToken?: string;
}

@ApiSchema({ name: 'PaymentSetupStatus' })
export class PaymentSetupStatusResult extends PaymentSetupTerms {
  @ApiProperty({ enum: ['pending', 'complete', 'expired'] })
  status: string;

  @ApiPropertyOptional({ description: 'complete only: the mandate as a JWT (typ mandate+jwt) signed with the key in the JWKS.' })
  intentMandate?: string;
}
