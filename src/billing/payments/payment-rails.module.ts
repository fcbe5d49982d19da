import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { CardGateway } from './card-gateway.js';
import { SettlementChain } from './settlement-chain.js';
import { StripeCardGateway } from './stripe.card-gateway.js';
import { ViemSettlementChain } from './viem.settlement-chain.js';

/**
 * The one choice of the payment rails' third parties, from configuration: the card processor
 * (Stripe when STRIPE_SECRET_KEY is set) and the chain that settles wallet authorizations (viem
 * over PAYMENT_RPC_URL). Each is null when not configured; a team swaps an adapter here, and the
 * tests swap only the endpoints (STRIPE_API_URL, PAYMENT_RPC_URL).
 */
@Module({
  providers: [
    {
      provide: CardGateway,
      inject: [AppConfig],
      useFactory: ({ payments }: AppConfig): CardGateway | null => (payments.stripe ? new StripeCardGateway(payments.stripe) : null),
    },
    {
      provide: SettlementChain,
      inject: [AppConfig],
      useFactory: ({ payments: { wallet } }: AppConfig): SettlementChain | null =>
        wallet?.settlement ? new ViemSettlementChain({ ...wallet.settlement, chainId: wallet.chainId, usdc: wallet.usdc }) : null,
    },
  ],
  exports: [CardGateway, SettlementChain],
})
export class PaymentRailsModule {}
