// Renders the world-format development documents (documents.mjs) to PDF with Chromium and writes
// their labels in the real-documents format (a row's `neutral` concept: right but mixed, neither counted right nor wrong), into test/fixtures/world-formats/{docs,labels}.
// node bench/world-formats/make.mjs   (needs /usr/bin/chromium, or CHROMIUM_PATH)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { DOCUMENTS } from './documents.mjs';

const out = new URL('../../test/fixtures/world-formats/', import.meta.url).pathname;
mkdirSync(join(out, 'docs'), { recursive: true });
mkdirSync(join(out, 'labels'), { recursive: true });

const escape = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function statementHtml(statement, document) {
  const notes = document.notes ? (typeof document.notes === 'string' ? document.notes : 'Notes') : null;
  const headDepth = Math.max(...statement.columns.map((column) => column.head.length));
  const headRows = [];
  for (let level = 0; level < headDepth; level++) {
    const cells = statement.columns.map((column) => {
      const offset = headDepth - column.head.length;
      return `<th>${level >= offset ? escape(column.head[level - offset]) : ''}</th>`;
    });
    headRows.push(`<tr><th></th>${notes ? `<th class="note">${level === headDepth - 1 ? notes : ''}</th>` : ''}${cells.join('')}</tr>`);
  }
  const rowCells = (row) => {
    if (!row) return `<td class="label"></td>${statement.columns.map(() => '<td></td>').join('')}`;
    const print = row.print ?? document.format;
    const cells = statement.columns.map(
      (_, index) => `<td class="${row.bold ? 'bold' : ''}">${row.values ? escape(print(row.values[index] ?? null)) : ''}</td>`,
    );
    const style = `padding-left:${(row.indent ?? 0) * 12}px`;
    return `<td class="label ${row.bold ? 'bold' : ''}" style="${style}">${escape(row.label)}</td>${notes ? `<td class="note">${row.note ?? ''}</td>` : ''}${cells.join('')}`;
  };
  // `beside`: a second half of rows printed to the right of the first (HGB balance sheets: assets | equity and liabilities).
  const length = Math.max(statement.rows.length, statement.besideRows?.length ?? 0);
  const bodyRows = Array.from({ length }, (_, index) =>
    statement.beside
      ? `<tr>${rowCells(statement.rows[index])}<td class="gap"></td>${rowCells(statement.besideRows[index])}</tr>`
      : `<tr>${rowCells(statement.rows[index])}</tr>`,
  );
  if (statement.beside) headRows.forEach((head, index) => (headRows[index] = head.replace(/^<tr>(.*)<\/tr>$/, '<tr>$1<th class="gap"></th>$1</tr>')));
  return `<h2>${escape(statement.title)}</h2>${statement.subtitle.map((line) => `<p class="sub">${escape(line)}</p>`).join('')}
<table><thead>${headRows.join('')}</thead><tbody>${bodyRows.join('')}</tbody></table>`;
}

function pageHtml(blocks, document) {
  return blocks.map((block) => (block.title ? statementHtml(block, document) : `<p class="${block.className ?? 'text'}">${escape(block.text)}</p>`)).join('\n');
}

function documentHtml(document) {
  const pages = document.pages.map((blocks) => `<section>${pageHtml(blocks, document)}</section>`).join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: A4${document.landscape ? ' landscape' : ''}; margin: 18mm 16mm; }
body { ${document.style} color: #111; }
section { page-break-after: always; }
section:last-child { page-break-after: auto; }
.entity { font-weight: bold; font-size: 1.2em; margin: 0 0 4px; }
.cover { font-size: 2em; margin: 40px 0; }
.footer { font-size: 0.85em; margin-top: 16px; }
h2 { font-size: 1.15em; margin: 10px 0 2px; }
.sub { margin: 0; font-style: italic; }
table { border-collapse: collapse; width: 100%; margin-top: 8px; }
th { text-align: right; font-weight: bold; padding: 1px 6px; vertical-align: bottom; }
td { text-align: right; padding: 1px 6px; white-space: nowrap; }
td.label { text-align: left; white-space: normal; width: ${document.landscape ? 26 : 52}%; }
td.note, th.note { text-align: center; width: 6%; }
td.bold { font-weight: bold; border-top: 0.5px solid #444; }
td.gap, th.gap { width: 5%; }
</style></head><body>${pages}</body></html>`;
}

/** The facts, in the real-documents label format: values scaled, XBRL signs, the printed sign kept as an alternative. */
function labelOf(document) {
  const facts = [];
  const neutral = [];
  document.pages.forEach((blocks, pageIndex) => {
    for (const statement of blocks.filter((block) => block.title)) {
      for (const row of [...statement.rows, ...(statement.besideRows ?? [])].filter(
        (candidate) => (candidate.concept || candidate.neutral) && candidate.values,
      )) {
        statement.columns.forEach((column, index) => {
          const printed = row.values[index];
          if (!column.period || printed === null || printed === undefined) return;
          const signed = row.nature === 'cost' || row.nature === 'outflow' ? Math.abs(printed) : printed;
          const value = Math.round(signed * document.scale * 100) / 100;
          const alternatives = [];
          if (value !== printed * document.scale) alternatives.push(Math.round(printed * document.scale * 100) / 100);
          if (row.alt) alternatives.push(Math.round(row.alt[index] * document.scale * 100) / 100);
          (row.concept ? facts : neutral).push({
            concept: row.concept ?? row.neutral,
            periodEnd: column.period.end,
            ...(column.period.months ? { months: column.period.months } : {}),
            value,
            currency: document.currency,
            pages: [pageIndex + 1],
            labels: [row.label],
            ...(alternatives.length ? { altValues: alternatives } : {}),
          });
        });
      }
    }
  });
  return {
    id: document.id,
    file: `${document.id}.pdf`,
    documentType: 'financial_statement',
    currency: document.currency,
    scale: document.scale,
    facts,
    neutral,
    derived: [],
    source: 'bench/world-formats/documents.mjs: written by the team as a development document (not blind).',
    checks: [],
    notes: 'Every total is computed from its parts in documents.mjs; the label is the printed value, signed per DOMAIN.md 4.',
  };
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const make of DOCUMENTS) {
    const document = make();
    const page = await browser.newPage();
    await page.setContent(documentHtml(document));
    const pdf = await page.pdf({ format: 'A4', landscape: document.landscape === true, printBackground: true, preferCSSPageSize: true });
    await page.close();
    writeFileSync(join(out, 'docs', `${document.id}.pdf`), pdf);
    const label = labelOf(document);
    writeFileSync(join(out, 'labels', `${document.id}.json`), `${JSON.stringify(label, null, 1)}\n`);
    // Every labelled figure is printed on its page as the label says.
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
    for (const fact of label.facts) {
      const printed = fact.labels[0];
      if (!text[fact.pages[0] - 1].replace(/\s+/g, ' ').includes(printed)) throw new Error(`${document.id}: "${printed}" is not on page ${fact.pages[0]}`);
    }
    console.log(`${document.id}: ${document.pages.length} pages, ${label.facts.length} facts`);
  }
} finally {
  await browser.close();
}
