import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SignJWT } from 'jose';
import { Clock } from '../../common/clock.js';
import { randomToken, sha256 } from '../../common/crypto/random-token.js';
import { AppException, InvalidInputException, ResourceNotFoundException } from '../../common/errors/app.exception.js';
import { AppConfig } from '../../config/app-config.js';
import { PublicUrls } from '../../config/public-urls.js';
import { FirmsService } from '../../firms/firms.service.js';
import { SigningKeyService } from '../../oauth/tokens/signing-key.service.js';
import { CardGateway, type CardPageSettings, type ConfirmedCardSetup } from './card-gateway.js';
import { PaymentMandateRepository, type MandateRail } from './payment-mandate.repository.js';
import { PaymentSetupSessionRepository, type PaymentSetupSessionRow, type SessionRail } from './payment-setup-session.repository.js';
import { typedData, verifyWalletAuthorization, type ExpectedAuthorization, type SubmittedAuthorization } from './wallet-authorization.js';

export const SETUP_SESSION_SECONDS = 600;
const WALLET_AUTHORIZATION_DAYS = 30;
const CARD_MANDATE_DAYS = 365;
/** Long enough to try an integration; a sandbox mandate is nothing to keep. */
const SANDBOX_MANDATE_DAYS = 30;
/** A wallet mandate ends this long before its authorization, which settlement must submit in time. */
const SETTLEMENT_MARGIN_MS = 3_600_000;
const LINK_GONE = 'This payment setup link is unknown, used or expired: run initiate_payment_setup again.';

/** What a caller may ask for; a session of the sandbox rail answers `sandbox`. */
export type RequestedRail = 'fiat' | 'crypto' | 'both';

export interface PaymentSetupSession {
  setupUrl: string;
  sessionToken: string;
  expiresAt: string;
  rail: SessionRail;
  maxMonthlyBudgetUsd: number;
}

export interface PaymentSetupStatus {
  status: 'pending' | 'complete' | 'expired';
  expiresAt: string;
  rail: SessionRail;
  maxMonthlyBudgetUsd: number;
  intentMandate?: string;
}

/** What the setup page needs: the budget, and per rail what to ask the browser for. */
export interface SetupPageView {
  budgetUsd: number;
  /** Who pays: the account that asked, and the firm whose budget it is when the account has one. */
  payer: { accountName: string; firmName?: string };
  expiresAt: Date;
  wallet?: { typedDataTemplate: ReturnType<typeof typedData>; submitPath: string };
  card?: { publishableKey: string; clientSecret: string; scriptUrl: string; origins: CardPageSettings['origins'] };
  sandbox?: { submitPath: string };
}

/**
 * The service takes no payments at all (no rail configured, and no sandbox): nothing the caller
 * can change fixes it, so it is not INVALID_INPUT but FORBIDDEN, with a hint for the operator
 * (docs/DECISIONS.md "No payment rail").
 */
export class PaymentsNotConfiguredException extends AppException {
  constructor() {
    super({
      status: 403,
      code: 'FORBIDDEN',
      detail: 'The operator of this service has not configured payments: no card or wallet rail is set up, so no budget can be authorized here.',
      hint: 'Calls beyond the free amount cannot be paid for on this service. Tell its operator (who sets STRIPE_SECRET_KEY or PAYMENT_WALLET_ADDRESS); retrying will not help.',
    });
  }
}

/**
 * Payment setup (SERVICE-SPEC 2.15, 3.4, 5.4): a 10-minute session whose hosted page lets a person
 * authorize a monthly budget by card (the card gateway's SetupIntent, confirmed by a signed
 * webhook) or by wallet (an EIP-3009 USDC authorization, verified here); either ends in an active
 * mandate. Outside production, with no real rail, the sandbox rail completes with one button and
 * moves no money.
 */
@Injectable()
export class PaymentSetupService {
  private readonly logger = new Logger(PaymentSetupService.name);

  constructor(
    @Inject(CardGateway) private readonly card: CardGateway | null,
    private readonly sessions: PaymentSetupSessionRepository,
    private readonly mandates: PaymentMandateRepository,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly urls: PublicUrls,
    private readonly keys: SigningKeyService,
    private readonly firms: FirmsService,
  ) {}

  async initiate(accountId: string, options: { maxMonthlyBudgetUsd?: number; rail?: RequestedRail }): Promise<PaymentSetupSession> {
    const requested = options.rail ?? 'both';
    const budgetUsd = options.maxMonthlyBudgetUsd ?? 50;
    const rail = this.railFor(requested);
    const sessionToken = randomToken();
    const pageToken = randomToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + SETUP_SESSION_SECONDS * 1000);
    await this.sessions.create({
      sessionTokenHash: sha256(sessionToken),
      pageTokenHash: sha256(pageToken),
      accountId,
      rail,
      budgetCents: Math.round(budgetUsd * 100),
      expiresAt,
      createdAt: now,
    });
    return {
      setupUrl: `${this.urls.issuer}/payment-setup/${pageToken}`,
      sessionToken,
      expiresAt: expiresAt.toISOString(),
      rail,
      maxMonthlyBudgetUsd: budgetUsd,
    };
  }

  /** The rail a session offers: what was asked, if configured; the sandbox when no real rail is; else why not. */
  private railFor(requested: RequestedRail): SessionRail {
    const cardConfigured = Boolean(this.card);
    const walletConfigured = Boolean(this.config.payments.wallet);
    if (!cardConfigured && !walletConfigured) {
      if (this.config.payments.sandbox) return 'sandbox';
      throw new PaymentsNotConfiguredException();
    }
    if ((requested !== 'crypto' && cardConfigured) || (requested !== 'fiat' && walletConfigured)) return requested;
    throw new InvalidInputException(
      `No ${requested} payment rail is configured on this service; ask for rail ${cardConfigured ? 'fiat' : 'crypto'} (or both).`,
    );
  }

  /** The caller's session only: another account's token is as unknown as a made-up one. */
  async check(accountId: string, sessionToken: string): Promise<PaymentSetupStatus> {
    const session = await this.sessions.ofAccount(accountId, sha256(sessionToken));
    if (!session) throw new ResourceNotFoundException('No payment setup session of this account has this session token.');
    const base = { expiresAt: session.expires_at.toISOString(), rail: session.rail, maxMonthlyBudgetUsd: session.budget_cents / 100 };
    if (session.mandate_id) return { status: 'complete', ...base, intentMandate: await this.mandateToken(session.mandate_id) };
    return { status: session.expires_at <= this.clock.now() ? 'expired' : 'pending', ...base };
  }

  /** The page of a pending, unexpired session (creating its SetupIntent on first view). */
  async pageView(pageToken: string): Promise<SetupPageView> {
    const session = await this.openSession(pageToken);
    const payer = await this.sessions.payerOf(session.account_id);
    const view: SetupPageView = {
      budgetUsd: session.budget_cents / 100,
      payer: { accountName: payer.display_name, ...(payer.firm_name && { firmName: payer.firm_name }) },
      expiresAt: session.expires_at,
    };
    if (session.rail === 'sandbox') return { ...view, sandbox: { submitPath: `/payment-setup/${pageToken}/sandbox` } };
    const wallet = this.config.payments.wallet;
    if (wallet && session.rail !== 'fiat') {
      view.wallet = {
        typedDataTemplate: typedData(wallet, this.expectedAuthorization(session), wallet.payee),
        submitPath: `/payment-setup/${pageToken}/wallet`,
      };
    }
    if (this.card?.page && session.rail !== 'crypto') {
      const customerId = await this.card.createCustomer(session.id, session.account_id);
      const intent = await this.card.createSetupIntent(session.id, session.account_id, customerId);
      await this.sessions.recordCardSetup(session.id, intent.id, customerId);
      view.card = {
        publishableKey: this.card.page.publishableKey,
        clientSecret: intent.clientSecret,
        scriptUrl: this.card.page.scriptUrl,
        origins: this.card.page.origins,
      };
    }
    return view;
  }

  /** A wallet's signed authorization: verified, then the mandate and the session's completion in one transaction. */
  async completeWithWallet(pageToken: string, submitted: SubmittedAuthorization): Promise<{ status: 'complete' }> {
    const wallet = this.config.payments.wallet;
    const session = await this.openSession(pageToken);
    if (!wallet || session.rail === 'fiat' || session.rail === 'sandbox') throw new InvalidInputException('This session does not offer the wallet rail.');
    const expected = this.expectedAuthorization(session);
    const verdict = await verifyWalletAuthorization(wallet, expected, submitted, Math.floor(this.clock.now().getTime() / 1000));
    if (!verdict.ok) throw new InvalidInputException(verdict.reason);
    const authorization = { ...typedData(wallet, expected, verdict.from).message, signature: verdict.signature };
    // Charges stop before the authorization does, so that settlement has time to submit it.
    await this.activate(session, 'crypto', new Date(Number(expected.validBefore) * 1000 - SETTLEMENT_MARGIN_MS), {
      ...authorization,
      value: authorization.value.toString(),
      validAfter: authorization.validAfter.toString(),
      validBefore: authorization.validBefore.toString(),
      chainId: wallet.chainId,
      token: wallet.usdc,
    });
    return { status: 'complete' };
  }

  /** The sandbox page's one button: a mandate that charges calls like a card's monthly budget, and moves no money. */
  async completeWithSandbox(pageToken: string): Promise<{ status: 'complete' }> {
    const session = await this.openSession(pageToken);
    // A session opened while the sandbox existed is not completed after an operator turned it off.
    if (session.rail !== 'sandbox' || !this.config.payments.sandbox) throw new InvalidInputException('This session does not offer the sandbox rail.');
    await this.activate(session, 'sandbox', new Date(this.clock.now().getTime() + SANDBOX_MANDATE_DAYS * 86_400_000), { sandbox: true });
    return { status: 'complete' };
  }

  /** `setup_intent.succeeded`, already verified: idempotent, since the processor delivers at least once. */
  async completeWithCard(setupIntent: ConfirmedCardSetup): Promise<void> {
    const session = await this.sessions.bySetupIntent(setupIntent.id);
    if (!session) {
      this.logger.warn(`setup_intent.succeeded for unknown SetupIntent ${setupIntent.id}`);
      return;
    }
    if (session.mandate_id) return;
    const validUntil = new Date(this.clock.now().getTime() + CARD_MANDATE_DAYS * 86_400_000);
    await this.activate(session, 'fiat', validUntil, {
      setupIntent: setupIntent.id,
      paymentMethod: setupIntent.payment_method ?? null,
      customer: setupIntent.customer ?? session.stripe_customer_id,
    });
  }

  /** The card processor's webhook event, once the gateway has checked its signature; INVALID_INPUT without a card rail or with a bad signature. */
  verifyCardWebhook(rawBody: Buffer, signature: string | undefined): ReturnType<CardGateway['verifyWebhook']> {
    if (!this.card) throw new InvalidInputException('The card rail is not configured on this service.');
    try {
      return this.card.verifyWebhook(rawBody, signature);
    } catch {
      throw new InvalidInputException('The Stripe-Signature does not match this body.');
    }
  }

  private async activate(session: PaymentSetupSessionRow, rail: MandateRail, validUntil: Date, authorization: Record<string, unknown>): Promise<void> {
    // A firm member's mandate is the firm's: every member's calls are charged against it.
    const ownerId = (await this.firms.firmOf(session.account_id)) ?? session.account_id;
    const activated = await this.mandates.activate({
      sessionId: session.id,
      accountId: session.account_id,
      ownerId,
      rail,
      budgetCents: session.budget_cents,
      validFrom: this.clock.now(),
      validUntil,
      authorization,
    });
    if (!activated) throw new ResourceNotFoundException(LINK_GONE);
  }

  private async openSession(pageToken: string): Promise<PaymentSetupSessionRow> {
    const session = await this.sessions.byPageToken(sha256(pageToken));
    if (!session || session.mandate_id || session.expires_at <= this.clock.now()) throw new ResourceNotFoundException(LINK_GONE);
    return session;
  }

  /** Everything the wallet must sign follows from the session: budget, window and a nonce of its own. */
  private expectedAuthorization(session: PaymentSetupSessionRow): ExpectedAuthorization {
    const created = BigInt(Math.floor(session.created_at.getTime() / 1000));
    return {
      value: BigInt(session.budget_cents) * 10_000n, // USDC has 6 decimals: one cent is 10^4 units.
      validAfter: created,
      validBefore: created + BigInt(WALLET_AUTHORIZATION_DAYS * 86_400),
      nonce: `0x${createHash('sha256').update(`payment-setup:${session.id}`).digest('hex')}`,
    };
  }

  /** The intentMandate: a JWT signed with the service's key (verifiable with the JWKS). */
  private async mandateToken(mandateId: string): Promise<string> {
    const mandate = await this.mandates.find(mandateId);
    const { kid, privateKey, algorithm } = this.keys.signingKey();
    return new SignJWT({ mandate_id: mandate.id, rail: mandate.rail, monthly_budget_usd: mandate.budget_cents / 100, currency: 'USD', status: mandate.status })
      .setProtectedHeader({ alg: algorithm, kid, typ: 'mandate+jwt' })
      .setIssuer(this.urls.issuer)
      .setAudience(this.urls.issuer)
      .setSubject(mandate.account_id)
      .setIssuedAt()
      .setNotBefore(Math.floor(mandate.valid_from.getTime() / 1000))
      .setExpirationTime(Math.floor(mandate.valid_until.getTime() / 1000))
      .sign(privateKey);
  }
}
