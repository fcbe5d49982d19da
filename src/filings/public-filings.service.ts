import { Injectable } from '@nestjs/common';
import { InvalidInputException } from '../common/errors/app.exception.js';
import { Clock } from '../common/clock.js';
import type { FetchPublicFilingsInput, PublicFilingsResult } from './dto/fetch-public-filings.dto.js';
import { EdgarClient } from './edgar-client.js';
import { paddedCik } from './edgar-submissions.js';

/**
 * fetch_public_filings: which registrant the caller means (CIK, else ticker, else name, through
 * the SEC's tickers file), then its recent filings and its XBRL facts, in the fact vocabulary that
 * document extraction uses, so that quantitative_analysis_agent can run on a public company.
 */
@Injectable()
export class PublicFilingsService {
  constructor(
    private readonly edgar: EdgarClient,
    private readonly clock: Clock,
  ) {}

  async fetch(input: FetchPublicFilingsInput): Promise<PublicFilingsResult> {
    const cik = await this.registrant(input);
    const [{ company, filings }, facts] = await Promise.all([this.edgar.submissions(cik), this.edgar.companyFacts(cik)]);
    const notes: string[] = [];
    if (facts.length === 0)
      notes.push(`${company.name} has filed no XBRL financial data with the SEC (or none in the concepts of DOMAIN.md 2): facts is empty.`);
    if (filings.length === 0) notes.push(`${company.name} has no recent 10-K, 10-Q, 8-K, S-1, F-1, 20-F, 40-F or 6-K filings.`);
    return { company, filings, facts, fetchedAt: this.clock.now().toISOString(), notes };
  }

  /** The CIK the arguments name. When several are given they must name the same company. */
  private async registrant({ cik, ticker, companyName }: FetchPublicFilingsInput): Promise<string> {
    if (cik === undefined && ticker === undefined && companyName === undefined) {
      throw new InvalidInputException('Name the company: give one of cik, ticker or companyName.');
    }
    if (cik !== undefined && Number(cik) === 0) throw new InvalidInputException('cik: 0 is not a Central Index Key.');
    const named = cik === undefined ? undefined : paddedCik(cik);
    if (ticker === undefined && companyName === undefined) return named!;
    const directory = await this.edgar.companyDirectory();
    const found = ticker !== undefined ? directory.byTickerSymbol(ticker) : directory.byName(companyName!);
    if (named && found.cik !== named) {
      throw new InvalidInputException(
        `cik ${named} and ${ticker !== undefined ? `ticker ${ticker}` : `companyName "${companyName}"`} name different companies (${found.name} is CIK ${found.cik}); give one of them.`,
      );
    }
    return found.cik;
  }
}
