import type { Check, Concept, Fact } from '../analysis.types.js';

/**
 * Arithmetic a statement must satisfy, per period: the balance sheet balances and subtotals add
 * up. Printed figures are rounded to the statement's unit, so a sum of n figures may be off by n/2
 * units: the tolerance is one unit per term.
 */
export function statementChecks(facts: Fact[], scaleOf: (fact: Fact) => number): Check[] {
  const byPeriod = new Map<string, Map<Concept, Fact>>();
  for (const fact of facts) {
    const key = fact.period.end;
    if (!byPeriod.has(key)) byPeriod.set(key, new Map());
    byPeriod.get(key)!.set(fact.concept, fact);
  }
  const checks: Check[] = [];
  for (const [end, concepts] of [...byPeriod].sort(([a], [b]) => b.localeCompare(a))) {
    /** `unread`: the total may hold lines no concept reads (noncontrolling or redeemable interests), so a total above the sum is not verified, not failed. */
    const equation = (id: string, total: Concept, terms: [Concept, 1 | -1][], unread = false) => {
      const totalFact = concepts.get(total);
      const termFacts = terms.map(([concept]) => concepts.get(concept));
      if (!totalFact || termFacts.some((fact) => !fact)) return;
      const sum = terms.reduce((acc, [, sign], index) => acc + sign * termFacts[index]!.value, 0);
      const unit = Math.max(...[totalFact, ...termFacts].map((fact) => scaleOf(fact!)));
      const difference = totalFact.value - sum;
      const formula = terms
        .map(([concept, sign], index) => `${index === 0 ? '' : sign > 0 ? ' + ' : ' − '}${concept} ${format(termFacts[index]!.value)}`)
        .join('');
      const passed = Math.abs(difference) <= unit * terms.length;
      const unverified = !passed && unread && difference > 0;
      checks.push({
        id: `${id}:${end}`,
        passed,
        detail: `${unverified ? 'could not verify: ' : ''}${end}: ${total} ${format(totalFact.value)} against ${formula} (difference ${format(difference)})${unverified ? '; the difference may be noncontrolling or redeemable interests, which no concept reads' : ''}`,
      });
    };
    if (concepts.has('LiabilitiesAndStockholdersEquity')) equation('balance_sheet_balances', 'Assets', [['LiabilitiesAndStockholdersEquity', 1]]);
    else
      equation(
        'balance_sheet_balances',
        'Assets',
        [
          ['Liabilities', 1],
          ['StockholdersEquity', 1],
        ],
        true,
      );
    equation(
      'liabilities_and_equity_add_up',
      'LiabilitiesAndStockholdersEquity',
      [
        ['Liabilities', 1],
        ['StockholdersEquity', 1],
      ],
      true,
    );
    equation('gross_profit_adds_up', 'GrossProfit', [
      ['Revenues', 1],
      ['CostOfRevenue', -1],
    ]);
    equation('operating_income_adds_up', 'OperatingIncomeLoss', [
      ['GrossProfit', 1],
      ['OperatingExpenses', -1],
    ]);
  }
  return checks;
}

function format(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}
