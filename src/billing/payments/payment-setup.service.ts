import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { SignJWT } from 'jose';
import { DataSource, type EntityManager } from 'typeorm';
import type { Hex } from 'viem';
import { Clock } from '../../common/clock.js';
import { randomToken, sha256 } from '../../common/crypto/random-token.js';
import { InvalidInputException, ResourceNotFoundException } from '../../common/errors/app.exception.js';
import { AppConfig } from '../../config/app-config.js';
import { PublicUrls } from '../../config/public-urls.js';
import { FirmsService } from '../../firms/firms.service.js';
import { SigningKeyService } from '../../oauth/tokens/signing-key.service.js';
import { StripeGateway } from './stripe-gateway.js';
import { typedData, verifyWalletAuthorization, type ExpectedAuthorization, type SubmittedAuthorization } from './wallet-authorization.js';

export const SETUP_SESSION_SECONDS = 600;
const WALLET_AUTHORIZATION_DAYS = 30;
const CARD_MANDATE_DAYS = 365;
/** A wallet mandate ends this long before its authorization, which settlement must submit in time. */
const SETTLEMENT_MARGIN_MS = 3_600_000;
const LINK_GONE = 'This payment setup link is unknown, used or expired: run initiate_payment_setup again.';

export type Rail = 'fiat' | 'crypto' | 'both';

export interface PaymentSetupSession {
  setupUrl: string;
  sessionToken: string;
  expiresAt: string;
  rail: Rail;
  maxMonthlyBudgetUsd: number;
}

export interface PaymentSetupStatus {
  status: 'pending' | 'complete' | 'expired';
  expiresAt: string;
  rail: Rail;
  maxMonthlyBudgetUsd: number;
  intentMandate?: string;
}

interface SessionRow {
  id: string;
  account_id: string;
  rail: Rail;
  budget_cents: number;
  expires_at: Date;
  created_at: Date;
  mandate_id: string | null;
  stripe_setup_intent_id: string | null;
  stripe_customer_id: string | null;
}

/** What the setup page needs: the budget, and per rail what to ask the browser for. */
export interface SetupPageView {
  budgetUsd: number;
  /** Who pays: the account that asked, and the firm whose budget it is when the account has one. */
  payer: { accountName: string; firmName?: string };
  expiresAt: Date;
  wallet?: { typedDataTemplate: ReturnType<typeof typedData>; submitPath: string };
  card?: { publishableKey: string; clientSecret: string; scriptUrl: string };
}

/**
 * Payment setup (SERVICE-SPEC 2.15, 3.4, 5.4): a 10-minute session whose hosted page lets a person
 * authorize a monthly budget by card (a Stripe SetupIntent, confirmed by a signed webhook) or by
 * wallet (an EIP-3009 USDC authorization, verified here); either ends in an active mandate.
 */
@Injectable()
export class PaymentSetupService {
  private readonly logger = new Logger(PaymentSetupService.name);
  readonly stripe?: StripeGateway;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly urls: PublicUrls,
    private readonly keys: SigningKeyService,
    private readonly firms: FirmsService,
  ) {
    if (config.payments.stripe) this.stripe = new StripeGateway(config.payments.stripe);
  }

  async initiate(accountId: string, options: { maxMonthlyBudgetUsd?: number; rail?: Rail }): Promise<PaymentSetupSession> {
    const rail = options.rail ?? 'both';
    const budgetUsd = options.maxMonthlyBudgetUsd ?? 50;
    const cardOffered = Boolean(this.stripe) && rail !== 'crypto';
    const walletOffered = Boolean(this.config.payments.wallet) && rail !== 'fiat';
    if (!cardOffered && !walletOffered) throw new InvalidInputException(`No ${rail === 'both' ? '' : `${rail} `}payment rail is configured on this service.`);
    const sessionToken = randomToken();
    const pageToken = randomToken();
    const expiresAt = new Date(this.clock.now().getTime() + SETUP_SESSION_SECONDS * 1000);
    await this.dataSource.query(
      'INSERT INTO payment_setup_sessions (session_token_hash, page_token_hash, account_id, rail, budget_cents, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [sha256(sessionToken), sha256(pageToken), accountId, rail, Math.round(budgetUsd * 100), expiresAt, this.clock.now()],
    );
    return { setupUrl: `${this.urls.issuer}/payment-setup/${pageToken}`, sessionToken, expiresAt: expiresAt.toISOString(), rail, maxMonthlyBudgetUsd: budgetUsd };
  }

  /** The caller's session only: another account's token is as unknown as a made-up one. */
  async check(accountId: string, sessionToken: string): Promise<PaymentSetupStatus> {
    const [session] = (await this.dataSource.query('SELECT * FROM payment_setup_sessions WHERE session_token_hash = $1 AND account_id = $2', [sha256(sessionToken), accountId])) as SessionRow[];
    if (!session) throw new ResourceNotFoundException('No payment setup session of this account has this session_token.');
    const base = { expiresAt: session.expires_at.toISOString(), rail: session.rail, maxMonthlyBudgetUsd: session.budget_cents / 100 };
    if (session.mandate_id) return { status: 'complete', ...base, intentMandate: await this.mandateToken(session.mandate_id) };
    return { status: session.expires_at <= this.clock.now() ? 'expired' : 'pending', ...base };
  }

  /** The page of a pending, unexpired session (creating its SetupIntent on first view). */
  async pageView(pageToken: string): Promise<SetupPageView> {
    const session = await this.openSession(pageToken);
    const [payer] = (await this.dataSource.query(
      'SELECT a.display_name, f.name AS firm_name FROM accounts a LEFT JOIN firm_members m ON m.account_id = a.id LEFT JOIN firms f ON f.id = m.firm_id WHERE a.id = $1',
      [session.account_id],
    )) as { display_name: string; firm_name: string | null }[];
    const view: SetupPageView = {
      budgetUsd: session.budget_cents / 100,
      payer: { accountName: payer.display_name, ...(payer.firm_name && { firmName: payer.firm_name }) },
      expiresAt: session.expires_at,
    };
    const wallet = this.config.payments.wallet;
    if (wallet && session.rail !== 'fiat') {
      view.wallet = { typedDataTemplate: typedData(wallet, this.expectedAuthorization(session), wallet.payee), submitPath: `/payment-setup/${pageToken}/wallet` };
    }
    if (this.stripe?.settings.publishableKey && session.rail !== 'crypto') {
      const customerId = await this.stripe.createCustomer(session.id, session.account_id);
      const intent = await this.stripe.createSetupIntent(session.id, session.account_id, customerId);
      await this.dataSource.query('UPDATE payment_setup_sessions SET stripe_setup_intent_id = $2, stripe_customer_id = $3 WHERE id = $1', [session.id, intent.id, customerId]);
      view.card = { publishableKey: this.stripe.settings.publishableKey, clientSecret: intent.clientSecret, scriptUrl: this.stripe.settings.jsUrl };
    }
    return view;
  }

  /** A wallet's signed authorization: verified, then the mandate and the session's completion in one transaction. */
  async completeWithWallet(pageToken: string, submitted: SubmittedAuthorization): Promise<{ status: 'complete' }> {
    const wallet = this.config.payments.wallet;
    const session = await this.openSession(pageToken);
    if (!wallet || session.rail === 'fiat') throw new InvalidInputException('This session does not offer the wallet rail.');
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

  /** `setup_intent.succeeded`, already verified: idempotent, since Stripe delivers at least once. */
  async completeWithCard(setupIntent: { id: string; payment_method?: unknown; customer?: unknown }): Promise<void> {
    const [session] = (await this.dataSource.query('SELECT * FROM payment_setup_sessions WHERE stripe_setup_intent_id = $1', [setupIntent.id])) as SessionRow[];
    if (!session) {
      this.logger.warn(`setup_intent.succeeded for unknown SetupIntent ${setupIntent.id}`);
      return;
    }
    if (session.mandate_id) return;
    const validUntil = new Date(this.clock.now().getTime() + CARD_MANDATE_DAYS * 86_400_000);
    await this.activate(session, 'fiat', validUntil, { setupIntent: setupIntent.id, paymentMethod: setupIntent.payment_method ?? null, customer: setupIntent.customer ?? session.stripe_customer_id });
  }

  private async activate(session: SessionRow, rail: 'fiat' | 'crypto', validUntil: Date, authorization: Record<string, unknown>): Promise<void> {
    // A firm member's mandate is the firm's: every member's calls are charged against it.
    const ownerId = (await this.firms.firmOf(session.account_id)) ?? session.account_id;
    await this.dataSource.transaction(async (manager: EntityManager) => {
      const [mandate] = (await manager.query(
        'INSERT INTO payment_mandates (account_id, owner_id, rail, budget_cents, valid_from, valid_until, "authorization") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [session.account_id, ownerId, rail, session.budget_cents, this.clock.now(), validUntil, JSON.stringify(authorization)],
      )) as { id: string }[];
      // A later mandate replaces the earlier ones: one active authorization per owner.
      await manager.query(`UPDATE payment_mandates SET status = 'revoked', revoked_at = $3 WHERE owner_id = $1 AND status = 'active' AND id <> $2`, [ownerId, mandate.id, this.clock.now()]);
      const [, claimed] = (await manager.query('UPDATE payment_setup_sessions SET mandate_id = $2 WHERE id = $1 AND mandate_id IS NULL', [session.id, mandate.id])) as [unknown, number];
      if (claimed !== 1) throw new ResourceNotFoundException(LINK_GONE);
    });
  }

  private async openSession(pageToken: string): Promise<SessionRow> {
    const [session] = (await this.dataSource.query('SELECT * FROM payment_setup_sessions WHERE page_token_hash = $1', [sha256(pageToken)])) as SessionRow[];
    if (!session || session.mandate_id || session.expires_at <= this.clock.now()) throw new ResourceNotFoundException(LINK_GONE);
    return session;
  }

  /** Everything the wallet must sign follows from the session: budget, window and a nonce of its own. */
  private expectedAuthorization(session: SessionRow): ExpectedAuthorization {
    const created = BigInt(Math.floor(session.created_at.getTime() / 1000));
    return {
      value: BigInt(session.budget_cents) * 10_000n, // USDC has 6 decimals: one cent is 10^4 units.
      validAfter: created,
      validBefore: created + BigInt(WALLET_AUTHORIZATION_DAYS * 86_400),
      nonce: `0x${createHash('sha256').update(`payment-setup:${session.id}`).digest('hex')}` as Hex,
    };
  }

  /** The intentMandate: a JWT signed with the service's key (verifiable with the JWKS). */
  private async mandateToken(mandateId: string): Promise<string> {
    const [mandate] = (await this.dataSource.query('SELECT id, account_id, rail, budget_cents, valid_from, valid_until, status FROM payment_mandates WHERE id = $1', [mandateId])) as {
      id: string;
      account_id: string;
      rail: string;
      budget_cents: number;
      valid_from: Date;
      valid_until: Date;
      status: string;
    }[];
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
