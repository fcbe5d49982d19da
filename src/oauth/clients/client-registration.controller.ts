import { Body, Controller, Header, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { ApiProblemResponses, RATE_LIMIT_RESPONSE_HEADERS } from '../../common/http/api-responses.decorator.js';
import { RateLimited } from '../../common/rate-limit/rate-limit.guard.js';
import { ClientRegistrationService } from './client-registration.service.js';
import { RegisterClientRequest, RegisteredClientResponse } from './dto/register-client.dto.js';
import { RegisterMachineClientRequest, RegisteredMachineClientResponse } from './dto/register-machine-client.dto.js';

@ApiTags('OAuth')
@Controller('oauth')
@RateLimited('registration')
@ApiProblemResponses(400, 413, 415, 429)
export class ClientRegistrationController {
  constructor(private readonly registrations: ClientRegistrationService) {}

  @Post('register')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Dynamic client registration (RFC 7591) for interactive MCP clients' })
  @ApiBody({ type: RegisterClientRequest })
  @ApiCreatedResponse({ type: RegisteredClientResponse, headers: RATE_LIMIT_RESPONSE_HEADERS })
  register(@Body() body: unknown): Promise<RegisteredClientResponse> {
    return this.registrations.registerInteractive(body);
  }

  @Post('m2m/register')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Self-serve machine client registration: permanent client credentials and a one-time trial' })
  @ApiBody({ type: RegisterMachineClientRequest })
  @ApiOkResponse({ type: RegisteredMachineClientResponse, headers: RATE_LIMIT_RESPONSE_HEADERS })
  registerMachine(@Body() body: unknown, @Req() request: FastifyRequest): Promise<RegisteredMachineClientResponse> {
    return this.registrations.registerMachine(body, request.ip);
  }
}
