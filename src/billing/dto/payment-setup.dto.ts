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

  @ApiPropertyOptional({ enum: ['fiat', 'crypto', 'both'], default: 'both', description: 'fiat: card; crypto: USDC wallet authorization; both: the person chooses.' })
  @Optional()
  @IsIn(['fiat', 'crypto', 'both'])
  rail?: 'fiat' | 'crypto' | 'both';
}

/** What both payment tools report about a session. */
class PaymentSetupTerms {
  @ApiProperty({ format: 'date-time' })
  expiresAt: string;

  @ApiProperty({ enum: ['fiat', 'crypto', 'both'] })
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

@ApiSchema({ name: 'CheckPaymentSetupInput' })
export class CheckPaymentSetupInput {
  @ApiProperty({ description: 'From initiate_payment_setup.' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  session_token: string;
}

@ApiSchema({ name: 'PaymentSetupStatus' })
export class PaymentSetupStatusResult extends PaymentSetupTerms {
  @ApiProperty({ enum: ['pending', 'complete', 'expired'] })
  status: string;

  @ApiPropertyOptional({ description: 'complete only: the mandate as a JWT (typ mandate+jwt) signed with the key in the JWKS.' })
  intentMandate?: string;
}
