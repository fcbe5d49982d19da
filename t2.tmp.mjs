import { readFileSync } from 'node:fs';
const { readPdfLayout } = await import('./dist/src/analysis/layout/pdf-layout.js');
const { readStatements } = await import('./dist/src/analysis/statements/statement-reader.js');
const bytes = readFileSync(process.argv[2]);
const pages = await readPdfLayout(new Uint8Array(bytes));
for (const p of pages) { console.log('--- page', p.page, p.width, p.height); for (const l of p.lines) console.log(l.y, JSON.stringify(l.cells.map(c => `${c.text}@${Math.round(c.x0)}-${Math.round(c.x1)}`))); }
const r = readStatements('d1', pages);
console.log(JSON.stringify(r, null, 1).slice(0, 4000));
