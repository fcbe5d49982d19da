import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeFunctionData,
  encodeFunctionResult,
  getAddress,
  keccak256,
  parseAbi,
  parseTransaction,
  recoverTransactionAddress,
  recoverTypedDataAddress,
  toHex,
  type Hex,
} from 'viem';

/** USDC's EIP-3009 and ERC-20 functions, from their published signatures. */
const USDC_ABI = parseAbi([
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s)',
  'function transfer(address to, uint256 value) returns (bool)',
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'function balanceOf(address account) view returns (uint256)',
]);

interface Mined {
  hash: Hex;
  from: Hex;
  to: Hex;
  status: 'success' | 'reverted';
  call: { functionName: string; args: readonly unknown[] };
  blockNumber: bigint;
}

/**
 * Plays an EVM chain's JSON-RPC endpoint with one USDC contract on it, well enough for a wallet
 * library to sign, send and watch transactions: it checks the sender's nonce and chain id, runs
 * `transferWithAuthorization` as FiatTokenV2 does (signature, window, unused nonce, balance) and
 * `transfer`, and mines every transaction at once.
 */
export class FakeChain {
  private server?: Server;
  url = '';
  readonly balances = new Map<string, bigint>();
  readonly usedAuthorizations = new Set<string>();
  readonly mined: Mined[] = [];
  readonly requests: string[] = [];
  /** How many of the next raw transactions the node refuses, as an overloaded or unreachable node would. */
  refuseSends = 0;
  private readonly nonces = new Map<string, number>();
  private readonly seen = new Set<Hex>();

  constructor(
    readonly chainId: number,
    readonly usdc: Hex,
    private readonly now: () => Date,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        void (async () => {
          const calls = JSON.parse(body) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[];
          const answers = await Promise.all((Array.isArray(calls) ? calls : [calls]).map((call) => this.answer(call)));
          response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(calls) ? answers : answers[0]));
        })();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  balanceOf(address: string): bigint {
    return this.balances.get(getAddress(address)) ?? 0n;
  }

  private async answer(call: { id: number; method: string; params: unknown[] }): Promise<unknown> {
    this.requests.push(call.method);
    const ok = (result: unknown) => ({ jsonrpc: '2.0', id: call.id, result });
    const error = (message: string, code = -32000) => ({ jsonrpc: '2.0', id: call.id, error: { code, message } });
    const block = BigInt(this.mined.length + 1);
    switch (call.method) {
      case 'eth_chainId':
        return ok(toHex(this.chainId));
      case 'eth_blockNumber':
        return ok(toHex(block));
      case 'eth_getBlockByNumber':
        return ok({
          number: toHex(block),
          hash: keccak256(toHex(block)),
          parentHash: keccak256(toHex(block - 1n)),
          timestamp: toHex(Math.floor(this.now().getTime() / 1000)),
          baseFeePerGas: '0x3b9aca00',
          gasLimit: '0x1c9c380',
          gasUsed: '0x0',
          transactions: [],
        });
      case 'eth_maxPriorityFeePerGas':
        return ok('0x5f5e100');
      case 'eth_gasPrice':
        return ok('0x3b9aca00');
      case 'eth_estimateGas':
        return ok('0x186a0');
      case 'eth_getTransactionCount':
        return ok(toHex(this.nonces.get(getAddress(call.params[0] as string)) ?? 0));
      case 'eth_call': {
        const { to, data } = call.params[0] as { to: Hex; data: Hex };
        if (getAddress(to) !== getAddress(this.usdc)) return ok('0x');
        const { functionName, args } = decodeFunctionData({ abi: USDC_ABI, data });
        if (functionName === 'authorizationState')
          return ok(encodeFunctionResult({ abi: USDC_ABI, functionName, result: this.usedAuthorizations.has(`${getAddress(args[0])}:${args[1]}`) }));
        if (functionName === 'balanceOf') return ok(encodeFunctionResult({ abi: USDC_ABI, functionName, result: this.balanceOf(args[0]) }));
        return error('execution reverted', 3);
      }
      case 'eth_sendRawTransaction':
        return this.send(call.params[0] as Hex).then(ok, (failure: Error) => error(failure.message));
      case 'eth_getTransactionReceipt': {
        const mined = this.mined.find((transaction) => transaction.hash === call.params[0]);
        if (!mined) return ok(null);
        return ok({
          transactionHash: mined.hash,
          transactionIndex: '0x0',
          blockHash: keccak256(toHex(mined.blockNumber)),
          blockNumber: toHex(mined.blockNumber),
          from: mined.from,
          to: mined.to,
          status: mined.status === 'success' ? '0x1' : '0x0',
          gasUsed: '0x186a0',
          cumulativeGasUsed: '0x186a0',
          effectiveGasPrice: '0x3b9aca00',
          contractAddress: null,
          logs: [],
          logsBloom: `0x${'0'.repeat(512)}`,
          type: '0x2',
        });
      }
      default:
        return error(`the method ${call.method} does not exist/is not available`, -32601);
    }
  }

  private async send(raw: Hex): Promise<Hex> {
    const hash = keccak256(raw);
    if (this.refuseSends > 0) {
      this.refuseSends--;
      throw new Error('the node refused the transaction');
    }
    if (this.seen.has(hash)) throw new Error('already known');
    const transaction = parseTransaction(raw);
    const from = getAddress(
      await recoverTransactionAddress({ serializedTransaction: raw as Parameters<typeof recoverTransactionAddress>[0]['serializedTransaction'] }),
    );
    if (transaction.chainId !== this.chainId) throw new Error('invalid chain id for signer');
    const expectedNonce = this.nonces.get(from) ?? 0;
    if (transaction.nonce !== expectedNonce) throw new Error(transaction.nonce! < expectedNonce ? 'nonce too low' : 'nonce too high');
    this.nonces.set(from, expectedNonce + 1);
    this.seen.add(hash);
    const to = getAddress(transaction.to!);
    const call = decodeFunctionData({ abi: USDC_ABI, data: transaction.data! });
    const status = to === getAddress(this.usdc) && (await this.execute(from, call)) ? 'success' : 'reverted';
    this.mined.push({ hash, from, to, status, call, blockNumber: BigInt(this.mined.length + 1) });
    return hash;
  }

  /** The contract's effect, or false where it would revert (and then nothing changes). */
  private async execute(sender: Hex, call: ReturnType<typeof decodeFunctionData<typeof USDC_ABI>>): Promise<boolean> {
    if (call.functionName === 'transfer') {
      const [to, value] = call.args;
      return this.move(sender, to, value);
    }
    if (call.functionName !== 'transferWithAuthorization') return false;
    const [from, to, value, validAfter, validBefore, nonce, v, r, s] = call.args;
    const now = BigInt(Math.floor(this.now().getTime() / 1000));
    const key = `${getAddress(from)}:${nonce}`;
    if (now <= validAfter || now >= validBefore || this.usedAuthorizations.has(key)) return false;
    // USDC's typed data, stated here rather than imported, so that a mistake in the service's copy cannot make both sides agree.
    const signer = await recoverTypedDataAddress({
      domain: { name: 'USD Coin', version: '2', chainId: this.chainId, verifyingContract: this.usdc },
      types: {
        TransferWithAuthorization: [
          { name: 'from', type: 'address' },
          { name: 'to', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'validAfter', type: 'uint256' },
          { name: 'validBefore', type: 'uint256' },
          { name: 'nonce', type: 'bytes32' },
        ],
      },
      primaryType: 'TransferWithAuthorization',
      message: { from, to, value, validAfter, validBefore, nonce },
      signature: { r, s, v: BigInt(v) },
    });
    if (getAddress(signer) !== getAddress(from) || !this.move(from, to, value)) return false;
    this.usedAuthorizations.add(key);
    return true;
  }

  private move(from: string, to: string, value: bigint): boolean {
    if (this.balanceOf(from) < value) return false;
    this.balances.set(getAddress(from), this.balanceOf(from) - value);
    this.balances.set(getAddress(to), this.balanceOf(to) + value);
    return true;
  }
}
