import { Injectable } from '@nestjs/common';
import { InvalidInputException } from '../../common/errors/app.exception.js';
import { McpTool, ToolAnnotationPresets } from '../../mcp/tools/mcp-tool.decorator.js';
import type { ToolContext } from '../../mcp/tools/tool-call.js';
import { CheckPaymentSetupInput, InitiatePaymentSetupInput, PaymentSetupSessionResult, PaymentSetupStatusResult } from '../dto/payment-setup.dto.js';
import { PaymentSetupService, type PaymentSetupStatus } from './payment-setup.service.js';

@Injectable()
export class PaymentTools {
  constructor(private readonly payments: PaymentSetupService) {}

  @McpTool({
    name: 'initiate_payment_setup',
    title: 'Set up payment',
    description:
      'Starts a 10-minute payment setup: give setupUrl to the person, who authorizes a monthly budget by card or by one USDC wallet signature. ' +
      'Then call check_payment_setup with sessionToken. Once complete, metered calls beyond the free amount are charged within the budget. ' +
      'Outside production, a service with no card or wallet rail answers rail "sandbox": its page authorizes the budget with one button and no money moves.',
    input: InitiatePaymentSetupInput,
    output: PaymentSetupSessionResult,
    annotations: ToolAnnotationPresets.createsWithThirdParty,
  })
  initiate(input: InitiatePaymentSetupInput, context: ToolContext): Promise<PaymentSetupSessionResult> {
    return this.payments.initiate(context.accountId, input);
  }

  @McpTool({
    name: 'check_payment_setup',
    title: 'Check payment setup',
    description:
      'pending, complete (with intentMandate, a signed mandate) or expired (10 minutes after initiate_payment_setup). ' +
      'Give the token from initiate_payment_setup as session_token, or as sessionToken (the name initiate_payment_setup returns it under): exactly one of them.',
    input: CheckPaymentSetupInput,
    output: PaymentSetupStatusResult,
    annotations: ToolAnnotationPresets.readsOwnData,
  })
  check(input: CheckPaymentSetupInput, context: ToolContext): Promise<PaymentSetupStatus> {
    const { session_token: spec, sessionToken: returned } = input;
    if (spec === undefined && returned === undefined)
      throw new InvalidInputException('Give session_token (or sessionToken): the sessionToken that initiate_payment_setup returned.');
    if (spec !== undefined && returned !== undefined && spec !== returned)
      throw new InvalidInputException('session_token and sessionToken differ: give the token once, under either name.');
    return this.payments.check(context.accountId, (spec ?? returned)!);
  }
}
