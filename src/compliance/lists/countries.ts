/**
 * Country names as lists write them ("Russia", "Korea, North", "Burma") to ISO 3166-1 alpha-2
 * codes, from the English region names the runtime's Intl data already holds, plus the list
 * spellings that differ from them.
 */
const LIST_SPELLINGS: Record<string, string> = {
  'russian federation': 'ru',
  'iran islamic republic of': 'ir',
  'islamic republic of iran': 'ir',
  'syrian arab republic': 'sy',
  'korea democratic peoples republic of': 'kp',
  'democratic peoples republic of korea': 'kp',
  'korea republic of': 'kr',
  'republic of korea': 'kr',
  'viet nam': 'vn',
  'venezuela bolivarian republic of': 've',
  'bolivia plurinational state of': 'bo',
  'tanzania united republic of': 'tz',
  'moldova republic of': 'md',
  'lao peoples democratic republic': 'la',
  'korea north': 'kp',
  'north korea': 'kp',
  'korea south': 'kr',
  'south korea': 'kr',
  burma: 'mm',
  'congo democratic republic of the': 'cd',
  'democratic republic of the congo': 'cd',
  'congo republic of the': 'cg',
  'united states of america': 'us',
  usa: 'us',
  uk: 'gb',
  'great britain': 'gb',
  'west bank': 'ps',
  gaza: 'ps',
  'palestinian territories': 'ps',
  'ivory coast': 'ci',
  'cote divoire': 'ci',
  'czech republic': 'cz',
  turkey: 'tr',
  'the bahamas': 'bs',
  'the gambia': 'gm',
  'cabo verde': 'cv',
  'timor leste': 'tl',
  'east timor': 'tl',
  vatican: 'va',
  'holy see': 'va',
  macau: 'mo',
  'hong kong': 'hk',
  taiwan: 'tw',
};

function key(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim();
}

/** Withdrawn codes the runtime still names after their successors ("SU" → "Russia"). */
const WITHDRAWN = new Set(['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'NT', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR']);

let byName: Map<string, string> | undefined;

function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(LIST_SPELLINGS));
  const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (WITHDRAWN.has(code)) continue;
      const name = display.of(code);
      if (name && name !== code) byName.set(key(name), code.toLowerCase());
    }
  }
  return byName;
}

/** The alpha-2 code (lower case) of a country given by code or English name, or undefined. */
export function countryCode(value: string): string | undefined {
  const trimmed = value.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) {
    const code = trimmed.toLowerCase();
    return [...names().values()].includes(code) ? code : undefined;
  }
  return names().get(key(trimmed));
}
