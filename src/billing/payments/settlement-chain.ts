import type { Hex } from 'viem';

/** A stored wallet authorization, as the payment setup recorded it. */
export interface StoredAuthorization {
  from: string;
  to: string;
  value: string;
  validAfter: string;
  validBefore: string;
  nonce: Hex;
  signature: Hex;
}

/** Signed before it is sent, and stored in between: re-sending the same bytes after a crash can never pay twice. */
export interface SignedTransaction {
  hash: Hex;
  raw: Hex;
}

/**
 * The wallet rail's port to the chain: it signs, sends and watches the settlement wallet's
 * transactions (viem over JSON-RPC is the adapter). The decisions (what to send, when) are
 * WalletSettlement's.
 */
export abstract class SettlementChain {
  /** Whether the authorization's nonce is used on chain (by an earlier settlement, or cancelled by the payer). */
  abstract authorizationUsed(authorization: StoredAuthorization): Promise<boolean>;
  /** `transferWithAuthorization`: moves the authorized value from the payer to the settlement wallet. */
  abstract signSettlement(authorization: StoredAuthorization): Promise<SignedTransaction>;
  /** A plain USDC transfer from the settlement wallet back to the payer. */
  abstract signRefund(to: string, units: bigint): Promise<SignedTransaction>;
  /** Sends signed bytes; a node that already has them (a re-send after a crash) is not an error. */
  abstract broadcast(transaction: SignedTransaction): Promise<void>;
  /** Waits up to `timeoutMs` for the transaction to be mined; null if it was not. */
  abstract waitForOutcome(hash: Hex, timeoutMs: number): Promise<'success' | 'reverted' | null>;
}
