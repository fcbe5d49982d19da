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
import { SettlementChain, type SignedTransaction, type StoredAuthorization } from './settlement-chain.js';

/** The parts of USDC (FiatTokenV2) that settlement uses. */
const USDC_SETTLEMENT_ABI = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
]);

export interface SettlementChainSettings {
  rpcUrl: string;
  key: Hex;
  chainId: number;
  usdc: string;
}

/** The settlement chain over JSON-RPC through viem, signing locally with the settlement wallet's key. */
export class ViemSettlementChain extends SettlementChain {
  private readonly account: PrivateKeyAccount;
  private readonly publicClient: PublicClient;
  private readonly walletClient: WalletClient;
  private readonly usdc: Hex;

  constructor(private readonly settings: SettlementChainSettings) {
    super();
    const chain = defineChain({
      id: settings.chainId,
      name: `chain ${settings.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [settings.rpcUrl] } },
    });
    const transport = http(settings.rpcUrl, { retryCount: 2, timeout: 15_000 });
    this.account = privateKeyToAccount(settings.key);
    this.publicClient = createPublicClient({ chain, transport });
    this.walletClient = createWalletClient({ account: this.account, chain, transport });
    this.usdc = settings.usdc as Hex;
  }

  authorizationUsed(authorization: StoredAuthorization): Promise<boolean> {
    return this.publicClient.readContract({
      address: this.usdc,
      abi: USDC_SETTLEMENT_ABI,
      functionName: 'authorizationState',
      args: [authorization.from as Hex, authorization.nonce],
    });
  }

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

  signRefund(to: string, units: bigint): Promise<SignedTransaction> {
    return this.sign(encodeFunctionData({ abi: USDC_SETTLEMENT_ABI, functionName: 'transfer', args: [to as Hex, units] }));
  }

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
