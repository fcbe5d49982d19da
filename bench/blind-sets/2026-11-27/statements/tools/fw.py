# Small framework: statements as data -> HTML -> PDF (chromium) + labels JSON.
import json, os, re, subprocess, html as H

OUT = '/work/blind/2026-11-27/statements'
TMP = '/work/blind/tools/build'
os.makedirs(OUT + '/docs', exist_ok=True)
os.makedirs(OUT + '/labels', exist_ok=True)
os.makedirs(TMP, exist_ok=True)

COST = {'CostOfRevenue', 'OperatingExpenses', 'DepreciationDepletionAndAmortization', 'InterestExpense',
        'IncomeTaxExpenseBenefit', 'PaymentsToAcquirePropertyPlantAndEquipment', 'RepaymentsOfDebt'}


def add(*xs):
    """elementwise sum of lists (None treated as 0)"""
    n = len(xs[0])
    return [round(sum((x[i] or 0) for x in xs), 6) for i in range(n)]


def neg(x):
    return [(-v if v is not None else None) for v in x]


def sub(a, b):
    return add(a, neg(b))


class Col:
    def __init__(self, end, months=None, actual=True, key=None):
        self.end, self.months, self.actual = end, months, actual


class R:
    """A statement line. vals: printed signed values (negative = printed as negative/parens).
    tags: list of (concept, kind, opts) ; kind in fact/neutral/derived; opts: flip (fact = -printed),
    alt (list per col of extra alt values), label override."""

    def __init__(self, label, vals=None, tags=(), cls='', dollar=False, note='', inner=False, ind=0,
                 hide_cols=()):
        self.label, self.vals, self.cls, self.dollar, self.note, self.inner, self.ind = label, vals, cls, dollar, note, inner, ind
        self.tags = []
        for t in tags:
            if isinstance(t, str):
                t = (t, 'fact', {})
            elif len(t) == 2:
                t = (t[0], t[1], {}) if isinstance(t[1], str) else (t[0], 'fact', t[1])
            self.tags.append(t)
        self.hide_cols = hide_cols


def Hd(label, cls='hd', ind=0, note=''):
    return R(label, None, cls=cls, ind=ind, note=note)


class Doc:
    def __init__(self, id, currency, scale, css, fmt, notes=False, sigcell=False, inner_total=False,
                 title='', desc='', features=''):
        self.id, self.currency, self.scale, self.css, self.fmt = id, currency, scale, css, fmt
        self.notes, self.sigcell, self.inner_total = notes, sigcell, inner_total
        self.pages = []  # list of html strings
        self.facts, self.neutral, self.derived = {}, {}, {}
        self.checks, self.notes_text, self.title = [], '', title
        self.desc, self.features = desc, features
        self.printed = []  # (page, label, printed string) for verification
        self.extra = {}
        self.extra_note_head = 'Notes'

    # ---- labels ----
    def _put(self, kind, concept, col, value, page, label, alt=None, printed=None):
        d = {'fact': self.facts, 'neutral': self.neutral, 'derived': self.derived}[kind]
        INST = {'CashAndCashEquivalentsAtCarryingValue', 'AccountsReceivableNetCurrent', 'InventoryNet', 'AssetsCurrent', 'Assets',
                'AccountsPayableCurrent', 'LiabilitiesCurrent', 'Liabilities', 'LongTermDebtCurrent', 'LongTermDebtNoncurrent',
                'StockholdersEquity', 'LiabilitiesAndStockholdersEquity'}
        months = None if concept in INST else col.months
        key = (concept, col.end, months)
        v = round(value * self.scale, 2)
        if abs(v - round(v)) < 1e-6:
            v = int(round(v))
        alts = []
        for a in (alt or []):
            a = round(a * self.scale, 2)
            if abs(a - round(a)) < 1e-6:
                a = int(round(a))
            if a != v and a not in alts:
                alts.append(a)
        if key in d:
            e = d[key]
            assert e['value'] == v, ('mismatch', self.id, key, e['value'], v)
            if page not in e['pages']:
                e['pages'].append(page)
            if label not in e['labels']:
                e['labels'].append(label)
            for a in alts:
                e.setdefault('altValues', [])
                if a not in e['altValues']:
                    e['altValues'].append(a)
        else:
            e = {'concept': concept, 'periodEnd': col.end}
            if months:
                e['months'] = months
            e.update({'value': v, 'currency': self.currency, 'pages': [page], 'labels': [label]})
            if alts:
                e['altValues'] = alts
            d[key] = e
        if printed is not None and kind != 'derived':
            self.printed.append((page, label, printed, concept, col.end))

    def derive(self, concept, col, value, label, page, kind='derived'):
        self._put(kind, concept, col, value, page, label)

    def check(self, text, lhs, rhs, tol=0.0):
        ok = abs(lhs - rhs) <= tol + 1e-6
        assert ok, (self.id, text, lhs, rhs)
        f = lambda x: ('{:,.0f}' if abs(x - round(x)) < 1e-9 else '{:,.1f}').format(x)
        self.checks.append(f'{text}: {f(lhs)} = {f(rhs)} ok')

    # ---- rendering ----
    def table(self, cols, rows, page, head, label_w='52%', klass='st', colw=None):
        """head: html of <thead> rows (caller builds, must account for note/sig cells)."""
        out = [f'<table class="{klass}"><colgroup><col style="width:{label_w}">']
        if self.notes:
            out.append('<col class="notec">')
        for c in cols:
            per = 2 if self.inner_total else 1
            for _ in range(per):
                if self.sigcell:
                    out.append('<col class="sigc">')
                out.append(f'<col class="numc"{" style=width:" + colw if colw else ""}>')
        out.append('</colgroup>')
        out.append(head)
        out.append('<tbody>')
        for r in rows:
            lab = H.escape(r.label).replace('\n', '<br>')
            out.append(f'<tr class="{r.cls}"><td class="lab ind{r.ind}">{lab}</td>')
            if self.notes:
                out.append(f'<td class="note">{H.escape(r.note)}</td>')
            for i, c in enumerate(cols):
                v = None if r.vals is None else r.vals[i]
                s = '' if (r.vals is None or i in r.hide_cols) else self.fmt(v)
                cells = [('', '')] * (2 if self.inner_total else 1)
                sig = '$' if (r.dollar and s) else ''
                if self.inner_total:
                    cells = [(sig, s), ('', '')] if r.inner else [('', ''), (sig, s)]
                else:
                    cells = [(sig, s)]
                for j, (sg, val) in enumerate(cells):
                    cl = 'num' + (' inner' if self.inner_total and j == 0 else '')
                    if self.sigcell:
                        out.append(f'<td class="sig {cl}">{sg}</td>')
                    out.append(f'<td class="{cl}">{H.escape(val)}</td>')
                if r.vals is not None and v is not None and i not in r.hide_cols:
                    for (concept, kind, o) in r.tags:
                        if not c.actual:
                            continue
                        if o.get('cols') is not None and i not in o['cols']:
                            continue
                        flip = o.get('flip', False)
                        val_ = -v if flip else v
                        alt = [v] if flip else []
                        if o.get('alt'):
                            alt += [o['alt'][i]] if o['alt'][i] is not None else []
                        self._put(kind, concept, c, val_, page, o.get('label', r.label.replace('\n', ' ')), alt, s)
            out.append('</tr>')
        out.append('</tbody></table>')
        return ''.join(out)

    def render(self, pdfname=None):
        body = '\n'.join(f'<section class="page">{p}</section>' for p in self.pages)
        doc = f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{H.escape(self.title)}</title><style>{BASE_CSS}{self.css}</style></head><body>{body}</body></html>'
        hp = f'{TMP}/{self.id}.html'
        open(hp, 'w').write(doc)
        pdf = f'{OUT}/docs/{self.id}.pdf'
        subprocess.run(['chromium', '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
                        '--disable-background-networking', '--no-pdf-header-footer', '--print-to-pdf-no-header',
                        f'--print-to-pdf={pdf}', 'file://' + hp], check=True, capture_output=True)
        return pdf

    def write_labels(self, source_note=''):
        order = lambda e: (e['periodEnd'], e.get('months') or 0)
        lab = {'id': self.id, 'file': self.id + '.pdf', 'documentType': 'financial_statement',
               'currency': self.currency, 'scale': self.scale,
               'facts': sorted(self.facts.values(), key=order, reverse=True),
               'neutral': sorted(self.neutral.values(), key=order, reverse=True),
               'derived': sorted(self.derived.values(), key=order, reverse=True),
               'source': 'synthetic blind-test document written 2026-11-27 (HTML printed with headless Chromium); ' + source_note,
               'checks': self.checks, 'notes': self.notes_text}
        lab.update(self.extra)
        json.dump(lab, open(f'{OUT}/labels/{self.id}.json', 'w'), indent=1, ensure_ascii=False)
        json.dump({'printed': self.printed, 'desc': self.desc, 'features': self.features},
                  open(f'{TMP}/{self.id}.printed.json', 'w'), ensure_ascii=False)
        return lab


BASE_CSS = '''
@page { size: Letter; margin: 0.7in 0.75in; }
body { margin:0; color:#000; }
section.page { page-break-after: always; }
section.page:last-child { page-break-after: auto; }
table.st { border-collapse: collapse; width: 100%; }
table.st td, table.st th { padding: 1.5px 4px; vertical-align: bottom; }
td.num { text-align: right; white-space: nowrap; }
td.sig { text-align: left; width: 10px; padding-right:0; }
td.lab { }
td.ind1 { padding-left: 16px; } td.ind2 { padding-left: 30px; } td.ind3 { padding-left: 44px; }
td.note { text-align: center; white-space: nowrap; }
tr.hd td.lab { font-weight: bold; }
tr.sub td.num { border-top: 0.8px solid #000; }
tr.tot td.num { border-top: 0.8px solid #000; border-bottom: 2.5px double #000; }
tr.sp td { height: 8px; }
th { font-weight: bold; text-align: right; vertical-align: bottom; }
th.l { text-align: left; } th.c { text-align:center; }
th.span { border-bottom: 0.8px solid #000; text-align: center; }
'''


def fmt_factory(th=',', dec='.', decimals=0, neg='paren', zero='—', suffix_pos='', cr=False):
    def fmt(v):
        if v is None:
            return ''
        if abs(v) < 1e-9:
            return zero
        a = abs(v)
        s = f'{a:,.{decimals}f}'
        s = s.replace(',', '\x00').replace('.', dec).replace('\x00', th)
        if v < 0:
            if neg == 'paren':
                return f'({s})'
            if neg == 'minus':
                return f'-{s}'
            if neg == 'trailing':
                return f'{s}-'
            if neg == 'CR':
                return f'{s} CR'
            if neg == 'endash':
                return f'–{s}'
        return s + suffix_pos
    return fmt


def thead(doc, rows, first=''):
    """rows: list of lists of (text, ncols, cls). Prepends label (and note) header cells."""
    per = (2 if doc.sigcell else 1) * (2 if doc.inner_total else 1)
    out = ['<thead>']
    for k, row in enumerate(rows):
        out.append('<tr>')
        out.append(f'<th class="l">{first if k == len(rows) - 1 else ""}</th>')
        if doc.notes:
            out.append(f'<th class="c">{doc.extra_note_head if k == len(rows) - 1 else ""}</th>')
        for (t, n, cls) in row:
            out.append(f'<th colspan="{n * per}" class="{cls}">{t}</th>')
        out.append('</tr>')
    out.append('</thead>')
    return ''.join(out)


def sub_th(doc, texts, cls=''):
    """inner/total heads or single per-column heads at cell granularity (for inner_total docs)."""
    out = ['<tr><th></th>' + ('<th></th>' if doc.notes else '')]
    for t in texts:
        out.append(f'<th colspan="{2 if doc.sigcell else 1}" class="{cls}">{t}</th>')
    out.append('</tr>')
    return ''.join(out)
