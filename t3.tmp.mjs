import { randomSource } from './bench/quality/random.mjs';
import { financialStatement } from './bench/quality/statements.mjs';
import { writeFileSync } from 'node:fs';
const seed = Number(process.argv[2]);
const { bytes, label } = await financialStatement(randomSource(seed));
writeFileSync('/tmp/an/s.pdf', bytes);
console.log(JSON.stringify(label.facts.slice(0,4)));
