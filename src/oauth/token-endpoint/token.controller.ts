import { Body, Controller, Header, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiProblemResponses, RATE_LIMIT_RESPONSE_HEADERS } from '../../common/http/api-responses.decorator.js';
import { RateLimited } from '../../common/rate-limit/rate-limit.guard.js';
import { TokenRequest, TokenResponse } from './dto/token-request.dto.js';
import { TokenGrantService } from './token-grant.service.js';

@ApiTags('OAuth')
@Controller('oauth')
@RateLimited('token')
export class TokenController {
  constructor(private readonly grants: TokenGrantService) {}

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiOperation({ summary: 'Token endpoint: authorization_code (PKCE S256), refresh_token (rotating) and client_credentials' })
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiBody({ type: TokenRequest })
  @ApiOkResponse({ type: TokenResponse, headers: RATE_LIMIT_RESPONSE_HEADERS })
  @ApiProblemResponses(400, 401, 413, 415, 429)
  token(@Body() body: unknown, @Headers('authorization') authorization?: string, @Headers('content-type') contentType?: string): Promise<TokenResponse> {
    return this.grants.exchange(body, authorization, contentType);
  }
}
