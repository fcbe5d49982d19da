import anyAscii from 'any-ascii';
import { doubleMetaphone } from 'double-metaphone';

/** What kind of party a name belongs to; decides which words are noise (honorifics or company forms). */
export type PartyKind = 'person' | 'company' | 'vessel' | 'aircraft' | 'unknown';

export interface NameToken {
  /** Lower-case ASCII letters and digits. */
  text: string;
  /** Double Metaphone primary and secondary keys ('' when the token has no consonant sound). */
  phonetic: readonly [string, string];
  /** Consonants only (w, y and vowels left out), doubled letters collapsed: how a name written in an abjad (Arabic, Hebrew) reads once transliterated. */
  skeleton: string;
}

export interface NormalisedName {
  original: string;
  tokens: NameToken[];
  /** Honorifics, generational suffixes and company-form words that were dropped. */
  removed: string[];
  /** The non-Latin scripts the name was transliterated from. */
  scripts: string[];
}

const SCRIPTS: ReadonlyArray<[string, RegExp]> = [
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['han', /\p{Script=Han}/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['greek', /\p{Script=Greek}/u],
  ['georgian', /\p{Script=Georgian}/u],
  ['armenian', /\p{Script=Armenian}/u],
  ['thai', /\p{Script=Thai}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
];

/** Scripts that write consonants only: their transliterations lack vowels, so tokens are also compared by consonant skeleton. */
export const ABJAD_SCRIPTS: ReadonlySet<string> = new Set(['arabic', 'hebrew']);

/** Titles, ranks and forms of address that say nothing about who a person is. */
const HONORIFICS = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'professor',
  'sir',
  'dame',
  'lord',
  'lady',
  'madam',
  'madame',
  'mme',
  'mlle',
  'herr',
  'frau',
  'monsieur',
  'senor',
  'senora',
  'sr',
  'sra',
  'jr',
  'snr',
  'jnr',
  'ii',
  'iii',
  'iv',
  'sheikh',
  'shaikh',
  'sheik',
  'shaykh',
  'haji',
  'hajji',
  'hajj',
  'imam',
  'mullah',
  'mulla',
  'ayatollah',
  'sayyid',
  'sayed',
  'general',
  'gen',
  'colonel',
  'col',
  'major',
  'maj',
  'captain',
  'capt',
  'lieutenant',
  'lt',
  'admiral',
  'adm',
  'sergeant',
  'sgt',
  'commander',
  'cmdr',
  'brigadier',
  'marshal',
  'president',
  'minister',
  'senator',
  'sen',
  'governor',
  'gov',
  'ambassador',
  'his',
  'her',
  'excellency',
  'highness',
  'majesty',
  'hon',
  'honourable',
  'honorable',
  'rev',
  'reverend',
  'father',
  'fr',
  'bishop',
  'prince',
  'princess',
  'king',
  'queen',
  'emir',
  'amir',
]);

/** Legal-form words of companies in the languages most lists use (English, German, French, Romance, Russian/Ukrainian, Nordic, Asian). */
const COMPANY_FORMS = new Set([
  'llc',
  'lc',
  'ltd',
  'limited',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'cos',
  'plc',
  'lp',
  'llp',
  'pllc',
  'gmbh',
  'ag',
  'kg',
  'kgaa',
  'ohg',
  'ug',
  'ev',
  'se',
  'sa',
  'sas',
  'sarl',
  'sl',
  'srl',
  'spa',
  'sapa',
  'snc',
  'sca',
  'bv',
  'nv',
  'cv',
  'vof',
  'oy',
  'oyj',
  'ab',
  'as',
  'asa',
  'aps',
  'hf',
  'ehf',
  'kk',
  'yk',
  'pte',
  'pty',
  'pvt',
  'sdn',
  'bhd',
  'tbk',
  'pt',
  'jsc',
  'ojsc',
  'cjsc',
  'pjsc',
  'ooo',
  'oao',
  'zao',
  'pao',
  'ao',
  'tov',
  'tdv',
  'pat',
  'prat',
  'fze',
  'fzco',
  'fzc',
  'fzllc',
  'fzlle',
  'wll',
  'spc',
  'kft',
  'zrt',
  'nyrt',
  'sro',
  'doo',
  'dd',
  'ad',
  'eood',
  'ood',
  'sp',
  'zoo',
  'oü',
  'ou',
  'uab',
  'sia',
  'the',
]);

/** Multi-word legal forms, removed as a whole: each word alone can be part of a real name. */
const COMPANY_FORM_PHRASES: ReadonlyArray<readonly string[]> = [
  ['public', 'joint', 'stock', 'company'],
  ['closed', 'joint', 'stock', 'company'],
  ['open', 'joint', 'stock', 'company'],
  ['joint', 'stock', 'company'],
  ['limited', 'liability', 'company'],
  ['limited', 'liability', 'partnership'],
  ['obshchestvo', 's', 'ogranichennoy', 'otvetstvennostyu'],
  ['aktsionernoe', 'obshchestvo'],
  ['publichnoe', 'aktsionernoe', 'obshchestvo'],
  ['societe', 'anonyme'],
  ['sociedad', 'anonima'],
  ['public', 'limited', 'company'],
  ['private', 'limited'],
  ['kabushiki', 'kaisha'],
];

const cache = new Map<string, NameToken>();

/** A token with its phonetic keys and consonant skeleton, computed once per distinct text. */
export function nameToken(text: string): NameToken {
  let token = cache.get(text);
  if (!token) {
    const [primary, secondary] = /[a-z]/.test(text) ? doubleMetaphone(text) : ['', ''];
    token = { text, phonetic: [primary, secondary], skeleton: skeletonOf(text) };
    if (cache.size < 200_000) cache.set(text, token);
  }
  return token;
}

/** Consonants only, with w and y (also vowel letters in Arabic and Hebrew) left out and q read as k. */
function skeletonOf(text: string): string {
  return text
    .replace(/[aeiouwy]/g, '')
    .replace(/q/g, 'k')
    .replace(/(.)\1+/g, '$1');
}

/**
 * Han characters are read one by one (each is a syllable); a Chinese personal name of two to four
 * characters is then written as pinyin is for names: family name, then the given name in one word
 * ("习近平" → "Xi Jinping").
 */
function romaniseHan(text: string): string {
  return text.replace(/\p{Script=Han}+/gu, (run) => {
    const syllables = [...run].map((character) => anyAscii(character));
    if (syllables.length >= 2 && syllables.length <= 4) return ` ${syllables[0]} ${syllables.slice(1).join('')} `;
    return ` ${syllables.join(' ')} `;
  });
}

/**
 * Case, accents, transliteration of non-Latin scripts to Latin (any-ascii), punctuation, dotted
 * abbreviations ("S.A." → "sa"), then removal of honorifics (persons) or legal forms (companies)
 * as long as a real name remains.
 */
export function normaliseName(original: string, kind: PartyKind = 'unknown'): NormalisedName {
  const scripts = SCRIPTS.filter(([, pattern]) => pattern.test(original)).map(([name]) => name);
  let text = original.normalize('NFKC');
  if (scripts.includes('han')) text = romaniseHan(text);
  text = anyAscii(text).toLowerCase();
  text = text.replace(/&/g, ' and ');
  // Dotted abbreviations first, so that "S.A." and "L.L.C." stay one word.
  text = text.replace(/\b(?:[a-z]\.){2,}/g, (abbreviation) => abbreviation.replace(/\./g, ''));
  // Apostrophes join ("O'Brien" → "obrien"); every other non-alphanumeric separates.
  text = text.replace(/['`\u2019]/g, '').replace(/[^a-z0-9]+/g, ' ');
  let words = text.split(' ').filter((word) => word.length > 0);
  const removed: string[] = [];
  if (kind === 'company' || kind === 'unknown') words = removePhrases(words, removed);
  // A name written in Arabic or Hebrew script loses its vowels in transliteration, and its words can
  // then spell a Latin title ("عمر" Omar → "mr"): titles are only looked for in names not written so.
  const abjad = scripts.some((script) => ABJAD_SCRIPTS.has(script));
  const noise = kind === 'person' ? HONORIFICS : kind === 'company' ? COMPANY_FORMS : kind === 'unknown' ? COMPANY_FORMS : undefined;
  if (noise && !(abjad && noise === HONORIFICS)) {
    const kept = words.filter((word) => !noise.has(word));
    if (kept.length > 0) {
      removed.push(...words.filter((word) => noise.has(word)));
      words = kept;
    }
  }
  if (kind === 'unknown' && !abjad) {
    const kept = words.filter((word) => !HONORIFICS.has(word));
    if (kept.length > 0 && kept.length < words.length) {
      removed.push(...words.filter((word) => HONORIFICS.has(word)));
      words = kept;
    }
  }
  return { original, tokens: words.map(nameToken), removed, scripts };
}

function removePhrases(words: string[], removed: string[]): string[] {
  let result = words;
  for (const phrase of COMPANY_FORM_PHRASES) {
    for (let start = 0; start + phrase.length <= result.length; start++) {
      if (phrase.every((word, offset) => result[start + offset] === word) && result.length > phrase.length) {
        removed.push(phrase.join(' '));
        result = [...result.slice(0, start), ...result.slice(start + phrase.length)];
        break;
      }
    }
  }
  return result;
}

/** Whether a name still has something to screen after normalisation (not only punctuation, titles or forms). */
export function hasScreenableContent(name: NormalisedName): boolean {
  return name.tokens.some((token) => /[a-z0-9]/.test(token.text));
}

/**
 * "PUTIN, Vladimir Vladimirovich" → "Vladimir Vladimirovich PUTIN": lists such as OFAC's write
 * persons family name first, before a comma. Only a single comma is read this way.
 */
export function personNameInReadingOrder(listName: string): string {
  const parts = listName.split(',');
  if (parts.length !== 2 || parts[1].trim().length === 0) return listName.trim();
  return `${parts[1].trim()} ${parts[0].trim()}`;
}
