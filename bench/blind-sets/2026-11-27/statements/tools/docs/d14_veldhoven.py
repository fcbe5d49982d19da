from fw import *

d = Doc('veldhoven-optics-2024q4-release', 'EUR', 1000, css='''
@page { size: A4; margin: 16mm 18mm; }
body { font-family: "FreeSans", "Liberation Sans", sans-serif; font-size: 8.8pt; color: #111 }
.band { background: #123c69; color: #fff; padding: 8px 10px; font-size: 13pt; font-weight: bold } .dt { color:#123c69; margin: 6px 0 10px 0; font-weight: bold }
.nar p { text-align: justify; line-height: 1.4; margin: 4px 0 } .nar ul { margin: 4px 0 8px 16px; padding: 0 } .nar li { margin: 2px 0 }
h2 { font-size: 10pt; color: #123c69; margin: 10px 0 3px 0 } .u { font-size: 8pt; margin: 0 0 4px 0; color: #333 }
col.numc { width: 11%; } table.st td { padding: 1.3px 5px } th { font-weight: bold; color: #123c69 }
th.span { border-bottom: 0.8px solid #123c69 }
tr.sub td { font-weight: bold } tr.sub td.num { border-top: 0.5px solid #123c69 } tr.tot td { font-weight: bold; border-top: 0.5px solid #123c69; border-bottom: 1.2px solid #123c69 }
.ft { font-size: 7.5pt; color: #555; margin-top: 8px }
''', fmt=fmt_factory(neg='endash', zero='\u2013'), title='Veldhoven Optics N.V. Q4 and FY 2024 results',
        desc='Dutch listed company earnings press release: narrative page, then income statement (quarter and full year), balance sheet and condensed cash flows',
        features='EUR thousands "(in kEUR)"; negatives with an en dash (\u20131,234) and en dash also for zero; four columns Q4 2024 / Q4 2023 / FY 2024 / FY 2023 (3 and 12 months ending on the same dates); narrative first page with rounded millions and adjusted EBITDA (not facts); printed "Total operating expenses" excluding cost of sales; no total-liabilities line; balance sheet and cash flows on one page')
Q = [Col('2024-12-31', 3), Col('2023-12-31', 3), Col('2024-12-31', 12), Col('2023-12-31', 12)]
F = [Col('2024-12-31', 12), Col('2023-12-31', 12)]
B = [Col('2024-12-31'), Col('2023-12-31')]
rev = [98406, 86118, 352918, 318406]; cos = [-51206, -45918, -186402, -171118]; gp = add(rev, cos)
rd = [-14118, -12906, -54206, -49118]; sga = [-12906, -11804, -48118, -44906]; tox = add(rd, sga)
ebit = add(gp, tox)
fin = [412, 206, 1318, 806]; fex = [-1206, -1418, -5118, -5604]
pbt = add(ebit, fin, fex); tax = [-round(0.25 * x) for x in pbt]; ni = add(pbt, tax)
pct = lambda a, b: f'{(a / b - 1) * 100:.1f}%'
d.pages.append(f'''<div class="band">Veldhoven Optics reports fourth-quarter and full-year 2024 results</div>
<p class="dt">Veldhoven, the Netherlands \u2014 19 February 2025 \u2014 Press release (regulated information)</p><div class="nar">
<p><b>Fourth-quarter 2024 highlights</b></p><ul>
<li>Revenue of \u20ac{rev[0] / 1000:.1f} million, up {pct(rev[0], rev[1])} compared with Q4 2023 (\u20ac{rev[1] / 1000:.1f} million)</li>
<li>Gross margin of {gp[0] / rev[0] * 100:.1f}% (Q4 2023: {gp[1] / rev[1] * 100:.1f}%)</li>
<li>Adjusted EBITDA of \u20ac{(ebit[0] + 4312 + 620) / 1000:.1f} million; net income of \u20ac{ni[0] / 1000:.1f} million</li></ul>
<p><b>Full-year 2024 highlights</b></p><ul>
<li>Revenue of \u20ac{rev[2] / 1000:.1f} million, up {pct(rev[2], rev[3])}; order intake of \u20ac391 million and a book-to-bill ratio of 1.11</li>
<li>Operating income (EBIT) of \u20ac{ebit[2] / 1000:.1f} million, {ebit[2] / rev[2] * 100:.1f}% of revenue</li>
<li>Free cash flow of \u20ac{(52412 - 22118 - 4118) / 1000:.1f} million; net debt reduced to \u20ac{(75000 - 50118) / 1000:.1f} million</li>
<li>Proposed dividend of \u20ac0.62 per share (2023: \u20ac0.55)</li></ul>
<p>\u201c2024 was a record year for Veldhoven Optics,\u201d said CEO Annelies de Wit. \u201cDemand for our lithography-grade optical assemblies remained strong throughout the year, and our new cleanroom in Eindhoven came on stream ahead of plan. We enter 2025 with a healthy order book.\u201d</p>
<p><b>Outlook 2025.</b> For 2025 the company expects revenue growth in the high single digits at constant currencies and an EBIT margin of between 17% and 19%. Capital expenditure is expected to be around \u20ac25 million.</p>
<p><b>Non-IFRS measures.</b> Adjusted EBITDA is operating income before depreciation, amortisation and one-off costs related to the Eindhoven relocation (\u20ac0.6 million in Q4 2024). Free cash flow is cash flow from operating activities less capital expenditures and capitalised development costs. These measures are not defined under IFRS and may not be comparable with similarly titled measures of other companies.</p>
<p><b>Audio webcast.</b> Management will discuss the results at 10:00 CET today. The financial statements on the following pages have not been audited.</p></div>''')
hq = thead(d, [[('Q4', 2, 'span'), ('Full year', 2, 'span')], [('2024', 1, ''), ('2023', 1, ''), ('2024', 1, ''), ('2023', 1, '')]])
rows = [
    R('Revenue', rev, ['Revenues']),
    R('Cost of sales', cos, [('CostOfRevenue', {'flip': True})]),
    R('Gross profit', gp, ['GrossProfit'], cls='sub'),
    R('Research and development costs', rd), R('Selling, general and administrative costs', sga),
    R('Total operating expenses', tox, [('OperatingExpenses', {'flip': True})], cls='sub'),
    R('Operating income (EBIT)', ebit, ['OperatingIncomeLoss'], cls='sub'),
    R('Finance income', fin), R('Finance expense', fex, [('InterestExpense', {'flip': True})]),
    R('Profit before income taxes', pbt, cls='sub'),
    R('Income tax expense', tax, [('IncomeTaxExpenseBenefit', {'flip': True})]),
    R('Net income', ni, ['NetIncomeLoss'], cls='tot'),
]
pg = [f'<h2>Consolidated statement of income</h2><p class="u">(in kEUR, unaudited)</p>{d.table(Q, rows, 2, hq, label_w="52%")}']
for i, c in enumerate(Q):
    d.check(f'{c.end} ({c.months}m) gross profit = revenue - cost of sales', gp[i], rev[i] + cos[i])
    d.check(f'{c.end} ({c.months}m) EBIT = gross profit - total operating expenses', ebit[i], gp[i] + tox[i])
    d.check(f'{c.end} ({c.months}m) net income = EBIT + finance income - finance expense - tax', ni[i], ebit[i] + fin[i] + fex[i] + tax[i])

da = [16118, 15206]; onc = [2118, 1906]; wc = [-11118, -8906]
cfo = add(ni[2:], da, onc, wc)
capex = [-22118, -19906]; cdev = [-4118, -3906]; cfi = add(capex, cdev)
rep = [-15000, -15000]; lp = [-2118, -2006]
cash = [50118, 44906]; beg = [44906, 44118]; fx = [318, -206]
dv = [None, None]
for i in range(2):
    dv[i] = (cash[i] - beg[i] - fx[i]) - (cfo[i] + cfi[i] + rep[i] + lp[i])
assert all(x < 0 for x in dv), (dv, cfo)
cff = add(rep, lp, dv); net = add(cfo, cfi, cff); end = add(beg, net, fx)
assert end == cash

tr = [58206, 51118]; inv = [71406, 66118]; oca = [8118, 7406]
ca = add(cash, tr, inv, oca)
ppe = [96118, 88406]; intg = [42118, 44906]; dta = [3118, 3906]; onca = [2206, 2118]
nca = add(ppe, intg, dta, onca); ta = add(ca, nca)
ltd = [60000, 75000]; ll = [8118, 9206]; dtl = [4118, 3906]; ncl = add(ltd, ll, dtl)
tp = [38118, 34906]; cpl = [15000, 15000]; ocl = [24118, 21406]; cl = add(tp, cpl, ocl)
eq = sub(ta, add(ncl, cl))
hb = thead(d, [[('31 Dec 2024', 1, ''), ('31 Dec 2023', 1, '')]])
rows = [
    R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue']), R('Trade receivables', tr, ['AccountsReceivableNetCurrent']),
    R('Inventories', inv, ['InventoryNet']), R('Other current assets', oca),
    R('Total current assets', ca, ['AssetsCurrent'], cls='sub'),
    R('Property, plant and equipment', ppe), R('Intangible assets', intg), R('Deferred tax assets', dta), R('Other non-current assets', onca),
    R('Total non-current assets', nca, cls='sub'),
    R('Total assets', ta, ['Assets'], cls='tot'),
    R("Shareholders' equity", eq, ['StockholdersEquity'], cls='sub'),
    R('Long-term debt', ltd, ['LongTermDebtNoncurrent']), R('Lease liabilities', ll), R('Deferred tax liabilities', dtl),
    R('Total non-current liabilities', ncl, cls='sub'),
    R('Trade payables', tp, ['AccountsPayableCurrent']), R('Current portion of long-term debt', cpl, ['LongTermDebtCurrent']), R('Other current liabilities', ocl),
    R('Total current liabilities', cl, ['LiabilitiesCurrent'], cls='sub'),
    R("Total equity and liabilities", ta, ['LiabilitiesAndStockholdersEquity'], cls='tot'),
]
pg.append(f'<h2>Consolidated balance sheet</h2><p class="u">(in kEUR, unaudited)</p>{d.table(B, rows, 2, hb, label_w="52%", colw="13%")}')
d.pages.append(''.join(pg))
for i, c in enumerate(B):
    d.derive('Liabilities', c, ncl[i] + cl[i], '(derived) non-current + current liabilities', 3)
    d.check(f'{c.end} total current assets', ca[i], cash[i] + tr[i] + inv[i] + oca[i])
    d.check(f'{c.end} total assets = equity + non-current + current liabilities', ta[i], eq[i] + ncl[i] + cl[i])
hf = thead(d, [[('Full year', 2, 'span')], [('2024', 1, ''), ('2023', 1, '')]])
rows = [
    R('Net income', ni[2:], ['NetIncomeLoss']), R('Depreciation and amortisation', da, ['DepreciationDepletionAndAmortization']), R('Other non-cash items', onc),
    R('Changes in working capital', wc),
    R('Cash flow from operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    R('Capital expenditures', capex, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})]), R('Capitalised development costs', cdev),
    R('Cash flow from investing activities', cfi, cls='sub'),
    R('Repayment of long-term debt', rep, [('RepaymentsOfDebt', {'flip': True})]), R('Payment of lease liabilities', lp), R('Dividends paid', dv),
    R('Cash flow from financing activities', cff, cls='sub'),
    R('Net change in cash and cash equivalents', net, cls='sub'),
    R('Cash and cash equivalents at 1 January', beg), R('Exchange rate differences', fx),
    R('Cash and cash equivalents at 31 December', end, ['CashAndCashEquivalentsAtCarryingValue'], cls='tot'),
]
d.pages.append(f'<h2>Condensed consolidated statement of cash flows</h2><p class="u">(in kEUR, unaudited)</p>{d.table(F, rows, 3, hf, label_w="52%", colw="13%")}'
               '<p class="ft">Veldhoven Optics N.V. \u2014 Q4 and full-year 2024 results \u2014 page 3</p>')
for i, c in enumerate(F):
    d.check(f'{c.end} (12m) operating cash flow', cfo[i], ni[2 + i] + da[i] + onc[i] + wc[i])
    d.check(f'{c.end} cash at 31 December = 1 January + change + FX = balance sheet cash', end[i], cash[i])
d.extra['acceptTypes'] = ['other']
d.notes_text = ('Synthetic earnings press release (accept documentType other too). kEUR scale; negative numbers use an en dash (U+2013), zero also an en dash (none on labelled lines). '
                'Quarter (3 months) and full year (12 months) end on the same dates and are separate periods. Page 1 narrative figures (\u20ac millions, adjusted EBITDA, free cash flow, net debt) '
                'are not facts. "Total operating expenses" excludes cost of sales and is printed: OperatingExpenses fact. "Finance expense" = InterestExpense. No total-liabilities line (derived). '
                'The cash-flow statement is page 3; the income statement and balance sheet share page 2.')
d.render()
d.write_labels('Dutch listed company earnings release, kEUR')
