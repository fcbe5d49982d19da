import type { Claim, PageLayout } from '../analysis.types.js';
import { currencyIn } from '../statements/amounts.js';
import { keepVerified } from '../verbatim.js';
import { sentencesOf, type Sentence } from './sentences.js';

/** A money figure as decks and forms print it: "$4.2M", "USD 1,200,000", "€850k", "$1.5 million", "2.4m EUR". */
const CURRENCY_PREFIX = String.raw`(?:US\$|C\$|CA\$|A\$|AU\$|[$€£¥₹]|\b(?:USD|EUR|GBP|CHF|CAD|AUD|SEK|NOK|DKK|SGD)\s?)`;
const NUMBER = String.raw`(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?`;
const SCALE = String.raw`(?:\s?(?:thousand|million|billion|bn|mm|mn|k|m|b)\b)`;
const MONEY = new RegExp(String.raw`${CURRENCY_PREFIX}\s?(${NUMBER})(${SCALE})?|(${NUMBER})(${SCALE})?\s?(?:USD|EUR|GBP|CHF|CAD|AUD|dollars|euros)\b`, 'gi');

interface Money {
  value: number;
  currency: string | null;
  index: number;
  length: number;
}

function scaleOf(word: string | undefined): number {
  const scale = (word ?? '').trim().toLowerCase();
  if (scale === 'thousand' || scale === 'k') return 1e3;
  if (scale === 'million' || scale === 'mm' || scale === 'mn' || scale === 'm') return 1e6;
  if (scale === 'billion' || scale === 'bn' || scale === 'b') return 1e9;
  return 1;
}

/** Every money figure of a sentence, scaled, with its currency. */
export function moneyIn(text: string): Money[] {
  return [...text.matchAll(MONEY)].map((match) => {
    const number = match[1] ?? match[3];
    const scale = scaleOf(match[2] ?? match[4]);
    return {
      value: Math.round(Number(number.replace(/,/g, '')) * scale * 100) / 100,
      currency: currencyIn(match[0]),
      index: match.index,
      length: match[0].length,
    };
  });
}

type MoneyMetric = Extract<Claim['metric'], 'arr' | 'mrr' | 'revenue' | 'burn' | 'raise'>;

/**
 * What names each money metric. Revenue excludes recurring revenue (ARR, MRR), retention and shares
 * of revenue; a raise is what the company asks for (a deck's "Raising", an application's amount
 * requested).
 */
const MONEY_METRICS: [MoneyMetric, RegExp][] = [
  ['arr', /\b(?:ARR|annual(?:i[sz]ed)? recurring revenues?|annual run[- ]rate|run[- ]rate revenues?)\b/gi],
  ['mrr', /\b(?:MRR|monthly recurring revenues?)\b/gi],
  ['burn', /\b(?:(?:net |cash |monthly |gross )?burn(?: rate)?)\b/gi],
  [
    'raise',
    /\b(?:raising|raise|seeking|amount requested|requested (?:loan )?amount|loan amount(?: requested)?|amount of financing|funding (?:ask|sought|required|request)|the ask|investment sought|round size)\b/gi,
  ],
  [
    'revenue',
    /\b(?<!recurring )(?<!% of )(?:(?:annual |total |net |gross |annual gross )?(?:revenues?|sales|turnover|gross receipts))\b(?! retention| share| multiple)/gi,
  ],
];

/** The period a claim speaks of, as printed: "FY2024", "FY 24", "fiscal 2024", "Q3 2024", "H1 2025", "2024". */
const PERIOD = /\b(?:(?:Q[1-4]|H[12])\s?(?:FY\s?)?(?:20\d{2}|'?\d{2})|FY\s?'?(?:20\d{2}|\d{2})|fiscal (?:year )?20\d{2}|(?:19|20)\d{2})\b/i;

/** Money words that are not a company's own figure: market sizes, valuations, prices. */
const NOT_COMPANY_FIGURE = /\b(?:TAM|SAM|SOM|market (?:size|opportunity)|valuation|pre-money|post-money|price per share|salary)\b/i;

/**
 * Claims (DOMAIN.md 2): company metrics a deck or an application states, each with the sentence
 * (or bullet, or form line) that states it, verbatim, and the period when the sentence or the
 * page's heading names one. Claims are never facts: risk discovery compares them with facts.
 */
export function extractClaims(documentId: string, pages: PageLayout[]): { claims: Claim[]; warnings: string[] } {
  const claims: Claim[] = [];
  for (const page of pages) {
    const sentences = sentencesOf(page);
    const heading = sentences[0];
    for (const sentence of sentences) claims.push(...claimsIn(documentId, sentence, heading));
  }
  const verified = keepVerified(claims, pages, 'claims');
  return { claims: unique(verified.kept), warnings: verified.warnings };
}

function claimsIn(documentId: string, sentence: Sentence, heading: Sentence | undefined): Claim[] {
  const text = sentence.text;
  if (text.endsWith('?')) return [];
  const period = PERIOD.exec(text)?.[0] ?? (heading && heading !== sentence ? PERIOD.exec(heading.text)?.[0] : undefined);
  const evidence = { documentId, page: sentence.page, quote: text };
  const claim = (metric: Claim['metric'], value: number, unit: Claim['unit'], currency?: string | null): Claim => ({
    metric,
    value,
    unit,
    ...(unit === 'currency' ? { currency: currency ?? null } : {}),
    ...(period ? { period } : {}),
    evidence,
  });
  const claims: Claim[] = [];

  // Money metrics: each figure goes to the nearest metric word before it (within 60 characters),
  // else the nearest after it ("$4.2M ARR", "$12M in revenue").
  if (!NOT_COMPANY_FIGURE.test(text)) {
    const words = MONEY_METRICS.flatMap(([metric, pattern]) =>
      [...text.matchAll(pattern)].map((match) => ({ metric, index: match.index, end: match.index + match[0].length })),
    );
    // "annual recurring revenue" also reads as "revenue": the longer, earlier-listed name wins.
    const named = words.filter(
      (word) => !words.some((other) => other !== word && other.index <= word.index && other.end >= word.end && other.end - other.index > word.end - word.index),
    );
    const used = new Set<(typeof named)[number]>();
    for (const money of moneyIn(text)) {
      const before = named.filter((word) => word.end <= money.index && money.index - word.end <= 60 && !used.has(word)).at(-1);
      const after = named.find((word) => word.index >= money.index + money.length && word.index - (money.index + money.length) <= 20 && !used.has(word));
      const word = before ?? after;
      if (!word) continue;
      used.add(word);
      claims.push(claim(word.metric, money.value, 'currency', money.currency));
    }
  }

  const customers =
    /(?<![\d.,$€£])(\d{1,3}(?:,\d{3})+|\d+)\+?\s(?:\w+\s)?(?:customers|clients|paying accounts)\b|\b(?:customers|clients)\s?[:-]\s?(\d{1,3}(?:,\d{3})+|\d+)\b/i.exec(
      text,
    );
  if (customers) claims.push(claim('customers', Number((customers[1] ?? customers[2]).replace(/,/g, '')), 'count'));

  const employees =
    /(?<![\d.,$€£])(\d{1,3}(?:,\d{3})+|\d+)\+?\s(?:full[- ]time\s)?(?:employees|staff|FTEs?|team members)\b|\b(?:number of employees|employees|headcount)\s?(?:of|:|-)?\s?(\d{1,3}(?:,\d{3})+|\d+)\b/i.exec(
      text,
    );
  if (employees) claims.push(claim('employees', Number((employees[1] ?? employees[2]).replace(/,/g, '')), 'count'));

  const runway = /\b(\d+(?:\.\d+)?)[- ]?months?\s(?:of\s)?(?:cash\s)?runway\b|\brunway\s?(?:of|:|-)?\s?(\d+(?:\.\d+)?)\s?months?\b/i.exec(text);
  if (runway) claims.push(claim('runway', Number(runway[1] ?? runway[2]), 'months'));

  // Growth of the company's own figures only: "Growing 14% a year" on a market slide is not a claim.
  const growth =
    /\b(\d+(?:\.\d+)?)\s?%\s(?:(?:month-over-month|MoM|m\/m|year-over-year|YoY|y\/y|annual|yearly|quarter-over-quarter|QoQ)\s)?(?:revenue\s|ARR\s|MRR\s|sales\s)?growth\b|\b(?:revenues?|ARR|MRR|sales|bookings)\s(?:grew|increased|rose|growth(?: of)?|up)\s(?:by\s)?(\d+(?:\.\d+)?)\s?%/i.exec(
      text,
    );
  if (
    growth &&
    (/\b(?:revenues?|ARR|MRR|sales|bookings)\b/i.test(growth[0]) || /\b(?:month-over-month|MoM|m\/m|year-over-year|YoY|y\/y|QoQ)\b/i.test(growth[0]))
  )
    claims.push(claim('growth', Number(growth[1] ?? growth[2]), 'percent'));

  const margin = /\bgross margins?\s?(?:of|at|:|-|was|is)?\s?(?:approximately\s|about\s|~)?(\d+(?:\.\d+)?)\s?%|\b(\d+(?:\.\d+)?)\s?%\sgross margins?\b/i.exec(
    text,
  );
  if (margin) claims.push(claim('gross_margin', Number(margin[1] ?? margin[2]), 'percent'));

  return claims;
}

function unique(claims: Claim[]): Claim[] {
  const seen = new Set<string>();
  return claims.filter((claim) => {
    const key = `${claim.metric}|${claim.value}|${claim.evidence.page}|${claim.evidence.quote}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
