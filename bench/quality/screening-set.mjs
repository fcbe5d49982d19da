// A generated, labelled screening set: a sanctions-style list (OFAC's "FAMILY, Given" form, persons of
// several origins and companies with legal forms) and queries, each either a variant of one entry
// (reordered, transliterated into its native script, misspelt, with a title or another legal form,
// partial) or a clean name that is on no list. The same seed gives the same set.
import {
  ARABIC_FAMILY,
  ARABIC_GIVEN,
  CHINESE_FAMILY,
  CHINESE_GIVEN,
  CLEAN_COMPANY_ACTIVITIES,
  CLEAN_COMPANY_WORDS,
  CLEAN_FAMILY,
  CLEAN_GIVEN,
  COMPANY_ACTIVITIES,
  COMPANY_FORMS,
  COMPANY_WORDS,
  OTHER_FAMILY,
  OTHER_GIVEN,
  RUSSIAN_FAMILY,
  RUSSIAN_GIVEN,
  RUSSIAN_PATRONYMIC,
} from './screening-names.mjs';

const TITLES = ['Mr.', 'Dr.', 'General', 'Sheikh', 'Colonel', 'Prof.', 'H.E. Mr.'];
const COUNTRIES = { russian: 'ru', arabic: 'sy', chinese: 'cn', other: 'ir', company: 'ae' };

/** One list entry, with what its variants are made from. */
function makeEntry(random, origin, id) {
  const base = { list: 'BENCH LIST', entityId: String(id), aliases: [], birthDates: [], countries: [COUNTRIES[origin]], programs: ['BENCH'] };
  const year = String(random.int(1940, 1990));
  if (origin === 'russian') {
    const [given, family, patronymic] = [random.pick(RUSSIAN_GIVEN), random.pick(RUSSIAN_FAMILY), random.pick(RUSSIAN_PATRONYMIC)];
    return {
      entry: { ...base, name: `${family[0].toUpperCase()}, ${given[0]} ${patronymic[0]}`, kind: 'person', birthDates: [year] },
      parts: [given[0], patronymic[0], family[0]],
      native: `${given[1]} ${patronymic[1]} ${family[1]}`,
    };
  }
  if (origin === 'arabic') {
    const [given, father, family] = [random.pick(ARABIC_GIVEN), random.pick(ARABIC_GIVEN), random.pick(ARABIC_FAMILY)];
    return {
      entry: { ...base, name: `${family[0].toUpperCase()}, ${given[0]} ${father[0]}`, kind: 'person', birthDates: [year] },
      parts: [given[0], father[0], family[0]],
      native: `${given[1]} ${father[1]} ${family[1]}`,
    };
  }
  if (origin === 'chinese') {
    const [family, given] = [random.pick(CHINESE_FAMILY), random.pick(CHINESE_GIVEN)];
    return {
      entry: { ...base, name: `${family[0].toUpperCase()}, ${given[0]}`, kind: 'person', birthDates: [year] },
      parts: [family[0], given[0]],
      native: `${family[1]}${given[1]}`,
    };
  }
  if (origin === 'other') {
    const [given, family] = [random.pick(OTHER_GIVEN), random.pick(OTHER_FAMILY)];
    return { entry: { ...base, name: `${family.toUpperCase()}, ${given}`, kind: 'person', birthDates: [year] }, parts: [given, family] };
  }
  const [word, activity, form] = [random.pick(COMPANY_WORDS), random.pick(COMPANY_ACTIVITIES), random.pick(COMPANY_FORMS)];
  return { entry: { ...base, name: `${word} ${activity} ${form}`.toUpperCase(), kind: 'company' }, parts: [word, activity], form };
}

/** A list of `size` entries with distinct names (origins: 35 % Arabic, 25 % Russian, 10 % Chinese, 10 % other, 20 % companies). */
export function screeningList(random, size) {
  const made = [];
  const seen = new Set();
  for (let attempts = 0; made.length < size && attempts < size * 20; attempts++) {
    const draw = random.next();
    const origin = draw < 0.35 ? 'arabic' : draw < 0.6 ? 'russian' : draw < 0.7 ? 'chinese' : draw < 0.8 ? 'other' : 'company';
    const candidate = makeEntry(random, origin, 100_000 + made.length);
    // Two companies differing only in their legal form are one name to a screener.
    const key = candidate.parts
      .join(' ')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    if (seen.has(key)) continue;
    seen.add(key);
    made.push({ ...candidate, origin });
  }
  return made;
}

/** One misspelling in the longest token: a dropped, doubled, swapped or replaced letter. */
function misspell(random, text) {
  const tokens = text.split(' ');
  const at = tokens.reduce((best, token, index) => (token.length > tokens[best].length ? index : best), 0);
  const token = tokens[at];
  const position = random.int(1, Math.max(1, token.length - 2));
  const edit = random.int(0, 3);
  const vowels = 'aeiou';
  const letter = token[position];
  let changed;
  if (edit === 0) changed = token.slice(0, position) + token.slice(position + 1);
  else if (edit === 1) changed = token.slice(0, position) + letter + token.slice(position);
  else if (edit === 2 && position + 1 < token.length) changed = token.slice(0, position) + token[position + 1] + letter + token.slice(position + 2);
  else
    changed =
      token.slice(0, position) + (vowels.includes(letter) ? random.pick([...vowels].filter((v) => v !== letter)) : letter + letter) + token.slice(position + 1);
  tokens[at] = changed;
  return tokens.join(' ');
}

/** The labelled queries for a sample of entries, and the clean names. */
export function screeningQueries(random, list, { perVariant = 120, clean = 600 } = {}) {
  const queries = [];
  const sample = () => random.pick(list);
  const persons = list.filter((item) => item.entry.kind === 'person');
  const companies = list.filter((item) => item.entry.kind === 'company');
  const add = (item, variant, name) => queries.push({ name, kind: item.entry.kind, variant, expected: item.entry.entityId });
  for (let n = 0; n < perVariant; n++) {
    let item = sample();
    add(item, 'reordered', item.entry.kind === 'person' ? item.parts.join(' ') : `${item.form} ${item.parts.join(' ')}`);
    item = random.pick(list.filter((candidate) => candidate.native));
    add(item, 'transliterated', item.native);
    item = sample();
    add(item, 'misspelt', item.entry.kind === 'person' ? item.parts.join(' ') : `${item.parts.join(' ')} ${item.form}`);
    queries[queries.length - 1].name = misspell(random, queries[queries.length - 1].name);
    item = random.pick(persons);
    add(item, 'titled', `${random.pick(TITLES)} ${item.parts.join(' ')}`);
    item = random.pick(companies);
    add(item, 'suffixed', `${item.parts.join(' ')} ${random.pick(COMPANY_FORMS.filter((form) => form !== item.form))}`);
    item = random.pick(persons.filter((candidate) => candidate.parts.length >= 3));
    add(item, 'partial', `${item.parts[0]} ${item.parts[2]}`);
  }
  const listTokens = new Set(list.flatMap((item) => item.parts.map((part) => part.toLowerCase())));
  for (let n = 0; n < clean; n++) {
    const draw = random.next();
    if (draw < 0.6) queries.push({ name: `${random.pick(CLEAN_GIVEN)} ${random.pick(CLEAN_FAMILY)}`, kind: 'person', variant: 'clean person', expected: null });
    else if (draw < 0.8)
      queries.push({
        name: `${random.pick(CLEAN_COMPANY_WORDS)} ${random.pick(CLEAN_COMPANY_ACTIVITIES)} ${random.pick(['LLC', 'Ltd', 'Inc.', 'GmbH'])}`,
        kind: 'company',
        variant: 'clean company',
        expected: null,
      });
    else {
      // A listed person's given name with a common family name that is on no list: "Mohammed Smith".
      const given = random.pick(persons).parts[0];
      const family = random.pick(CLEAN_FAMILY.filter((name) => !listTokens.has(name.toLowerCase())));
      queries.push({ name: `${given} ${family}`, kind: 'person', variant: 'clean, shares a listed given name', expected: null });
    }
  }
  return queries;
}
