import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  http,
  keccak256,
  parseAbi,
  parseSignature,
  TransactionReceiptNotFoundError,
  type Hex,
  type PublicClient,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/** The parts of USDC (FiatTokenV2) that settlement uses. */
const USDC_SETTLEMENT_ABI = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
]);

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

export interface SettlementChainSettings {
  rpcUrl: string;
  key: Hex;
  chainId: number;
  usdc: string;
}

/**
 * The wallet rail's port to the chain (JSON-RPC through viem): it signs, sends and watches the
 * settlement wallet's transactions. The decisions (what to send, when) are WalletSettlement's.
 */
export class UsdcSettlementChain {
  private readonly account: PrivateKeyAccount;
  private readonly publicClient: PublicClient;
  private readonly walletClient: WalletClient;
  private readonly usdc: Hex;

  constructor(private readonly settings: SettlementChainSettings) {
    const chain = defineChain({ id: settings.chainId, name: `chain ${settings.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [settings.rpcUrl] } } });
    const transport = http(settings.rpcUrl, { retryCount: 2, timeout: 15_000 });
    this.account = privateKeyToAccount(settings.key);
    this.publicClient = createPublicClient({ chain, transport });
    this.walletClient = createWalletClient({ account: this.account, chain, transport });
    this.usdc = settings.usdc as Hex;
  }

  /** Whether the authorization's nonce is used on chain (by an earlier settlement, or cancelled by the payer). */
  authorizationUsed(authorization: StoredAuthorization): Promise<boolean> {
    return this.publicClient.readContract({ address: this.usdc, abi: USDC_SETTLEMENT_ABI, functionName: 'authorizationState', args: [authorization.from as Hex, authorization.nonce] });
  }

  /** `transferWithAuthorization`: moves the authorized value from the payer to the settlement wallet. */
  signSettlement(authorization: StoredAuthorization): Promise<SignedTransaction> {
    const { v, r, s, yParity } = parseSignature(authorization.signature);
    const data = encodeFunctionData({
      abi: USDC_SETTLEMENT_ABI,
      functionName: 'transferWithAuthorization',
      args: [
        authorization.from as Hex,
        authorization.to as Hex,
        BigInt(authorization.value),
        BigInt(authorization.validAfter),
        BigInt(authorization.validBefore),
        authorization.nonce,
        Number(v ?? BigInt(yParity + 27)),
        r,
        s,
      ],
    });
    return this.sign(data);
  }

  /** A plain USDC `transfer` from the settlement wallet: the refund of what an authorization did not spend. */
  signRefund(to: string, units: bigint): Promise<SignedTransaction> {
    return this.sign(encodeFunctionData({ abi: USDC_SETTLEMENT_ABI, functionName: 'transfer', args: [to as Hex, units] }));
  }

  /** Sends signed bytes; a node that already has them (a re-send after a crash) is not an error. */
  async broadcast(transaction: SignedTransaction): Promise<void> {
    try {
      await this.publicClient.sendRawTransaction({ serializedTransaction: transaction.raw });
    } catch (error) {
      if (/already known|nonce too low|known transaction/i.test(String((error as Error).message))) return;
      throw error;
    }
  }

  /** The mined outcome, or null while the transaction is not in a block yet. */
  private async outcome(hash: Hex): Promise<'success' | 'reverted' | null> {
    try {
      return (await this.publicClient.getTransactionReceipt({ hash })).status;
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    }
  }

  /** Waits up to `timeoutMs` for the transaction to be mined; null if it was not. */
  async waitForOutcome(hash: Hex, timeoutMs: number): Promise<'success' | 'reverted' | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const outcome = await this.outcome(hash);
      if (outcome || Date.now() >= deadline) return outcome;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }

  private async sign(data: Hex): Promise<SignedTransaction> {
    const chainId = await this.publicClient.getChainId();
    if (chainId !== this.settings.chainId) throw new Error(`PAYMENT_RPC_URL serves chain ${chainId}, not PAYMENT_CHAIN_ID ${this.settings.chainId}`);
    const request = await this.walletClient.prepareTransactionRequest({ account: this.account, chain: this.walletClient.chain, to: this.usdc, data });
    const raw = await this.account.signTransaction(request as Parameters<PrivateKeyAccount['signTransaction']>[0]);
    return { hash: keccak256(raw), raw };
  }
}
