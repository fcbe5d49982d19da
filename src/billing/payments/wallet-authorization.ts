import { getAddress, isAddress, isHex, verifyTypedData, type Hex } from 'viem';

/** EIP-3009 `TransferWithAuthorization`, as USDC's EIP-712 domain defines it. */
export const TRANSFER_WITH_AUTHORIZATION_TYPES = {
  TransferWithAuthorization: [
    { name: 'from', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'value', type: 'uint256' },
    { name: 'validAfter', type: 'uint256' },
    { name: 'validBefore', type: 'uint256' },
    { name: 'nonce', type: 'bytes32' },
  ],
} as const;

export interface WalletRail {
  payee: string;
  chainId: number;
  usdc: string;
}

/** What the setup page asks the wallet to sign, except `from`, which is the wallet's own address. */
export interface ExpectedAuthorization {
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

export interface SubmittedAuthorization {
  domain: { name?: unknown; version?: unknown; chainId?: unknown; verifyingContract?: unknown };
  message: { from?: unknown; to?: unknown; value?: unknown; validAfter?: unknown; validBefore?: unknown; nonce?: unknown };
  signature: unknown;
}

export function typedData(rail: WalletRail, expected: ExpectedAuthorization, from: string) {
  return {
    domain: { name: 'USD Coin', version: '2', chainId: rail.chainId, verifyingContract: getAddress(rail.usdc) },
    types: TRANSFER_WITH_AUTHORIZATION_TYPES,
    primaryType: 'TransferWithAuthorization' as const,
    message: {
      from: getAddress(from),
      to: getAddress(rail.payee),
      value: expected.value,
      validAfter: expected.validAfter,
      validBefore: expected.validBefore,
      nonce: expected.nonce,
    },
  };
}

const asBigInt = (value: unknown): bigint | null => {
  try {
    return typeof value === 'string' || typeof value === 'number' ? BigInt(value) : null;
  } catch {
    return null;
  }
};

/**
 * Checks a signed authorization field by field (so that the refusal says what is wrong), then its
 * signature against the typed data the service expects. Returns the signer, or the reason.
 */
export async function verifyWalletAuthorization(
  rail: WalletRail,
  expected: ExpectedAuthorization,
  submitted: SubmittedAuthorization,
  nowSeconds: number,
): Promise<{ ok: true; from: string; signature: Hex } | { ok: false; reason: string }> {
  const { domain, message, signature } = submitted;
  if (Number(domain.chainId) !== rail.chainId)
    return { ok: false, reason: `The authorization is for chain ${String(domain.chainId)}; sign it on chain ${rail.chainId}.` };
  if (typeof domain.verifyingContract !== 'string' || !isAddress(domain.verifyingContract) || getAddress(domain.verifyingContract) !== getAddress(rail.usdc)) {
    return { ok: false, reason: 'The authorization is not for the USDC contract.' };
  }
  if (typeof message.to !== 'string' || !isAddress(message.to) || getAddress(message.to) !== getAddress(rail.payee))
    return { ok: false, reason: 'The authorization pays another address.' };
  if (asBigInt(message.value) !== expected.value)
    return { ok: false, reason: `The authorization is for ${String(message.value)} units; the budget is ${expected.value} (USDC, 6 decimals).` };
  const validAfter = asBigInt(message.validAfter);
  const validBefore = asBigInt(message.validBefore);
  if (validAfter !== expected.validAfter || validBefore !== expected.validBefore || validBefore <= BigInt(nowSeconds)) {
    return { ok: false, reason: 'The authorization window is not the one offered, or it has ended.' };
  }
  if (message.nonce !== expected.nonce) return { ok: false, reason: 'The authorization nonce is not the one offered.' };
  if (typeof message.from !== 'string' || !isAddress(message.from)) return { ok: false, reason: 'The authorization names no valid payer address.' };
  if (typeof signature !== 'string' || !isHex(signature)) return { ok: false, reason: 'The signature is missing or not hex.' };
  const valid = await verifyTypedData({ address: getAddress(message.from), ...typedData(rail, expected, message.from), signature }).catch(() => false);
  if (!valid) return { ok: false, reason: 'The signature does not match the authorization and the payer address.' };
  return { ok: true, from: getAddress(message.from), signature };
}
