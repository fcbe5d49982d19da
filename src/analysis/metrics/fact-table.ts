import type { Concept, Fact } from '../analysis.types.js';

/** Balance-sheet concepts are stocks: measured at a date, whatever length the period columns state. */
export const STOCK_CONCEPTS: ReadonlySet<Concept> = new Set<Concept>([
  'CashAndCashEquivalentsAtCarryingValue',
  'AccountsReceivableNetCurrent',
  'InventoryNet',
  'AssetsCurrent',
  'Assets',
  'AccountsPayableCurrent',
  'LiabilitiesCurrent',
  'Liabilities',
  'LongTermDebtCurrent',
  'LongTermDebtNoncurrent',
  'StockholdersEquity',
  'LiabilitiesAndStockholdersEquity',
]);

/** Two statements of one figure agree when they differ by no more than rounding to a printed unit (0.5 %). */
const AGREEMENT = 0.005;

/**
 * The facts of a workspace, one per concept, period end and length. When several documents state
 * the same concept and period with different values, the value most documents state wins, and on
 * a tie the fact given first (the caller orders documents, e.g. audited before management
 * accounts, newest first); every such disagreement is reported in `warnings`.
 */
export class FactTable {
  readonly warnings: string[] = [];
  private readonly chosen = new Map<string, Fact>();

  constructor(facts: Fact[]) {
    const groups = new Map<string, Fact[]>();
    for (const fact of facts) {
      const key = FactTable.key(fact.concept, fact.period.end, STOCK_CONCEPTS.has(fact.concept) ? undefined : fact.period.months);
      groups.set(key, [...(groups.get(key) ?? []), fact]);
    }
    for (const [key, group] of groups) {
      const clusters: Fact[][] = [];
      for (const fact of group) {
        const cluster = clusters.find(([first]) => agree(first.value, fact.value));
        if (cluster) cluster.push(fact);
        else clusters.push([fact]);
      }
      // Stable sort: on a tie the cluster whose first fact came first wins.
      clusters.sort((a, b) => b.length - a.length);
      const winner = clusters[0][0];
      this.chosen.set(key, winner);
      if (clusters.length > 1) {
        const stated = clusters
          .map((cluster) => cluster.map((fact) => `${format(fact.value)} (${fact.evidence.documentId} p. ${fact.evidence.page})`).join(', '))
          .join('; ');
        this.warnings.push(
          `conflicting ${winner.concept} for ${winner.period.end}: ${stated}; used ${format(winner.value)}, stated by the most documents (first given on a tie)`,
        );
      }
    }
  }

  static key(concept: Concept, end: string, months: number | undefined): string {
    return `${concept}|${end}|${months ?? ''}`;
  }

  get(concept: Concept, end: string, months: number | undefined): Fact | undefined {
    return this.chosen.get(FactTable.key(concept, end, STOCK_CONCEPTS.has(concept) ? undefined : months));
  }

  all(): Fact[] {
    return [...this.chosen.values()];
  }
}

function agree(a: number, b: number): boolean {
  return Math.abs(a - b) <= AGREEMENT * Math.max(Math.abs(a), Math.abs(b));
}

export function format(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
