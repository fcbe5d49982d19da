import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { ResourceNotFoundException } from '../common/errors/app.exception.js';
import { RequireBearer } from '../oauth/tokens/bearer-auth.guard.js';
import { CurrentPrincipal, type Principal } from '../oauth/tokens/principal.js';
import { AccountsService } from './accounts.service.js';

class AccountResponse {
  @ApiProperty() accountId: string;
  @ApiProperty({ enum: ['human', 'machine'] }) kind: string;
  @ApiProperty() displayName: string;
  @ApiPropertyOptional({ description: 'People only' }) email?: string;
  @ApiProperty() clientId: string;
  @ApiProperty({ type: [String] }) scopes: string[];
  @ApiProperty({ format: 'date-time' }) tokenExpiresAt: string;
}

/** Who the token belongs to: lets a client check its credentials end to end. */
@ApiTags('Account')
@Controller('account')
export class AccountController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @RequireBearer()
  @ApiOperation({ summary: "The caller's account, as its access token identifies it" })
  @ApiOkResponse({ type: AccountResponse })
  async current(@CurrentPrincipal() principal: Principal): Promise<AccountResponse> {
    const account = await this.accounts.summary(principal.accountId);
    // A token from an external identity provider names no account of ours.
    if (!account) throw new ResourceNotFoundException('No account of this service matches the token.');
    return {
      accountId: account.accountId,
      kind: account.kind,
      displayName: account.displayName,
      ...(account.email && { email: account.email }),
      clientId: principal.clientId,
      scopes: principal.scopes,
      tokenExpiresAt: principal.expiresAt.toISOString(),
    };
  }
}
