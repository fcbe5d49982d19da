import { parse } from 'csv-parse/sync';
import type { PartyKind } from '../matching/name-normaliser.js';
import type { ListEntry } from '../matching/screening-index.js';
import { countryCode } from './countries.js';

/**
 * The US Treasury's OFAC lists in their public CSV form (the SDN list: sdn.csv, alt.csv, add.csv;
 * the consolidated non-SDN list: cons_prim.csv, cons_alt.csv, cons_add.csv). The files have no
 * header row; "-0-" marks an empty field.
 *
 * - primary: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks
 * - aliases: ent_num, alt_num, alt_type, alt_name, alt_remarks
 * - addresses: ent_num, add_num, address, city/state/postal code, country, add_remarks
 */
export interface OfacCsvFiles {
  primary: string;
  aliases?: string;
  addresses?: string;
}

const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

export class ListFormatException extends Error {}

function rows(text: string): string[][] {
  // The files end with a SUB (0x1A) character, an old end-of-file mark.
  // eslint-disable-next-line no-control-regex
  const cleaned = text.replace(/\u001a/g, '');
  return parse(cleaned, { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true }) as string[][];
}

function field(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '-0-' ? '' : trimmed;
}

function kindOf(sdnType: string): PartyKind {
  switch (sdnType.toLowerCase()) {
    case 'individual':
      return 'person';
    case 'vessel':
      return 'vessel';
    case 'aircraft':
      return 'aircraft';
    default:
      return 'company';
  }
}

/** "07 Oct 1952" → 1952-10-07, "Oct 1952" → 1952-10, "circa 1952" → 1952, "1955 to 1958" → each year. */
export function ofacDates(text: string): string[] {
  const range = /(\d{4})\s+to\s+(\d{4})/i.exec(text);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (to >= from && to - from <= 10) return Array.from({ length: to - from + 1 }, (_, offset) => String(from + offset));
  }
  const full = /(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{4})/.exec(text);
  if (full && MONTHS[full[2].toLowerCase()]) return [`${full[3]}-${MONTHS[full[2].toLowerCase()]}-${full[1].padStart(2, '0')}`];
  const month = /([A-Za-z]{3})[a-z]*\s+(\d{4})/.exec(text);
  if (month && MONTHS[month[1].toLowerCase()]) return [`${month[2]}-${MONTHS[month[1].toLowerCase()]}`];
  const year = /(\d{4})/.exec(text);
  return year ? [year[1]] : [];
}

/** Dates of birth and nationalities stated in an entry's remarks ("DOB 07 Oct 1952; nationality Russia; ..."). */
export function ofacRemarkFacts(remarks: string): { birthDates: string[]; countries: string[] } {
  const birthDates: string[] = [];
  const countries: string[] = [];
  for (const part of remarks.split(';')) {
    const text = part.trim();
    const dob = /^(?:alt\.\s*)?DOB\s+(.+)$/i.exec(text);
    if (dob) birthDates.push(...ofacDates(dob[1]));
    const nationality = /^(?:alt\.\s*)?(?:nationality|citizen|Nationality of Registration)\s+(.+?)\.?$/i.exec(text);
    if (nationality) {
      const code = countryCode(nationality[1]);
      if (code) countries.push(code);
    }
  }
  return { birthDates, countries };
}

export function readOfacCsv(listName: string, files: OfacCsvFiles): ListEntry[] {
  const entries = new Map<string, ListEntry>();
  for (const row of rows(files.primary)) {
    const entityId = field(row[0]);
    const name = field(row[1]);
    if (!/^\d+$/.test(entityId) || !name) continue;
    const remarks = field(row[11]);
    const facts = ofacRemarkFacts(remarks);
    const vesselFlag = countryCode(field(row[9]));
    entries.set(entityId, {
      list: listName,
      entityId,
      name,
      aliases: [],
      kind: kindOf(field(row[2])),
      birthDates: facts.birthDates,
      countries: [...new Set([...facts.countries, ...(vesselFlag ? [vesselFlag] : [])])],
      programs: field(row[3])
        .split(/\]\s*\[|[\s;]+/)
        .map((program) => program.replace(/[[\]]/g, '').trim())
        .filter(Boolean),
    });
  }
  if (entries.size === 0) throw new ListFormatException('no entry could be read: is this an OFAC CSV file (sdn.csv or cons_prim.csv)?');
  for (const row of files.aliases ? rows(files.aliases) : []) {
    const entry = entries.get(field(row[0]));
    const alias = field(row[3]);
    if (entry && alias && !entry.aliases.includes(alias)) entry.aliases.push(alias);
  }
  for (const row of files.addresses ? rows(files.addresses) : []) {
    const entry = entries.get(field(row[0]));
    const code = countryCode(field(row[4]));
    if (entry && code && !entry.countries.includes(code)) entry.countries.push(code);
  }
  return [...entries.values()];
}
