from fw import *

NB = '\u00a0'
d = Doc('fjordvik-sjomat-2024h1-interim', 'NOK', 1000, css='''
@page { size: A4; margin: 15mm 17mm; }
body { font-family: "DejaVu Sans", sans-serif; font-size: 8pt; color: #1a1a1a }
h1 { font-size: 11pt; margin: 0 0 6px 0; color: #0d4f6c } h2 { font-size: 9.5pt; margin: 12px 0 4px 0; color:#0d4f6c }
col.numc { width: 12%; }
table.st td { padding: 1.5px 5px }
th { background: #0d4f6c; color: #fff; font-weight: normal; padding: 3px 5px }
th.l { background: #0d4f6c }
tr.sub td { font-weight: bold; border-top: 0.5px solid #0d4f6c } tr.tot td { font-weight: bold; border-top: 0.5px solid #0d4f6c; border-bottom: 1.5px solid #0d4f6c }
tr.hd td { font-weight: bold; padding-top: 6px }
.q { font-size: 7.5pt; color:#555; margin-top: 8px }
''', fmt=fmt_factory(th=NB, neg='minus', zero='-'), title='Fjordvik Sjomat ASA half-year report 2024',
        desc='Norwegian half-year interim report: income statement, balance sheet (three dates) and cash flows with H1 2024 / H1 2023 / FY 2023 columns',
        features='NOK thousands stated only in the column heads ("NOK 1000"); no-break-space thousands separator; leading minus; six-month and twelve-month columns side by side (H1 2024, H1 2023, FY 2023 - months 6 and 12); balance sheet dates 30.06.2024 / 30.06.2023 / 31.12.2023; EBITDA printed; "Total operating expenses" includes cost of goods sold; "Financial expenses" (neutral); cash flow starts from profit before tax')
P = [Col('2024-06-30', 6), Col('2023-06-30', 6), Col('2023-12-31', 12)]
B = [Col('2024-06-30'), Col('2023-06-30'), Col('2023-12-31')]
rev = [412806, 388104, 801226]
cogs = [-198455, -186902, -384118]; pay = [-96118, -90406, -182904]; oox = [-48207, -45913, -93706]; da = [-22410, -21006, -42818]
tox = add(cogs, pay, oox, da)
ebitda = add(rev, cogs, pay, oox)
ebit = add(rev, tox)
fi = [1204, 806, 1918]; fe = [-9412, -8207, -17615]
pbt = add(ebit, fi, fe)
tax = [-round(0.22 * x) for x in pbt]
pp = add(pbt, tax)
hp = thead(d, [[('H1 2024', 1, ''), ('H1 2023', 1, ''), ('FY 2023', 1, '')], [('NOK 1000', 1, ''), ('NOK 1000', 1, ''), ('NOK 1000', 1, '')]], first='')
rows = [
    R('Operating revenue', rev, ['Revenues']),
    R('Cost of goods sold', cogs, [('CostOfRevenue', {'flip': True})]),
    R('Payroll expenses', pay), R('Other operating expenses', oox),
    R('Depreciation and amortisation', da, [('DepreciationDepletionAndAmortization', {'flip': True})]),
    R('Total operating expenses', tox, [('OperatingExpenses', {'flip': True})], cls='sub'),
    R('Operating profit (EBIT)', ebit, ['OperatingIncomeLoss'], cls='sub'),
    R('Financial income', fi), R('Financial expenses', fe, [('InterestExpense', 'neutral', {'flip': True})]),
    R('Profit before tax', pbt, cls='sub'),
    R('Income tax expense', tax, [('IncomeTaxExpenseBenefit', {'flip': True})]),
    R('Profit for the period', pp, ['NetIncomeLoss'], cls='tot'),
    R('', None, cls='sp'),
    R('EBITDA', ebitda, ['EBITDA']),
]
pg1 = [f'<h1>Fjordvik Sjømat ASA \u2014 Interim report first half 2024</h1><h2>Condensed consolidated income statement</h2>{d.table(P, rows, 1, hp, label_w="52%")}']
for i, c in enumerate(P):
    d.check(f'{c.end} ({c.months}m) total operating expenses = COGS + payroll + other + D&A', tox[i], cogs[i] + pay[i] + oox[i] + da[i])
    d.check(f'{c.end} ({c.months}m) EBIT = revenue - total operating expenses = EBITDA - D&A', ebit[i], ebitda[i] + da[i])
    d.check(f'{c.end} ({c.months}m) profit = EBIT + financial income - financial expenses - tax', pp[i], ebit[i] + fi[i] + fe[i] + tax[i])

cash = [36118, 31215, 44902]; beg = [44902, 38406, 38406]
tpd = [-13806, -12415, -24830]; winv = [-6210, -4118, 1805]; wtr = [-9405, -7712, -3110]; wtp = [5118, 3902, 2204]; woa = [-2214, 1106, 3018]
cfo = add(pbt, tpd, neg(da), winv, wtr, wtp, woa)
capex = [None, None, None]; ltd_new = [0, 0, 25000]; rep = [-10000, -10000, -20000]; div = [None, None, None]
capex[0] = -18406; capex[1] = -15902
for i in (0, 1):
    div[i] = (cash[i] - beg[i]) - (cfo[i] + capex[i] + ltd_new[i] + rep[i])
div[2] = div[1]
capex[2] = (cash[2] - beg[2]) - (cfo[2] + ltd_new[2] + rep[2] + div[2])
assert all(x < 0 for x in div + capex), (div, capex, cfo)
cfi = capex[:]
cff = add(ltd_new, rep, div)
net = add(cfo, cfi, cff); end = add(beg, net)
assert end == cash

ppe = [486210, 472118, 490406]; intg = [38502, 39418, 38960]; dta = [2110, 2905, 2466]
nca = add(ppe, intg, dta)
inv = [88406, 82118, 82196]; tr = [71205, 66912, 61800]; orc = [9118, 8406, 7204]
ca = add(inv, tr, orc, cash); ta = add(nca, ca)
ltd = [180000, 200000, 190000]; dtl = [31406, 29118, 30205]
ncl = add(ltd, dtl)
cltd = [20000, 20000, 20000]; tp = [52118, 48906, 46999]; pdp = [12406, 11802, 12118]; txp = [14118, 12416, 24830]; ocl = [18204, 17412, 16117]
cl = add(cltd, tp, pdp, txp, ocl)
tl = add(ncl, cl)
te = sub(ta, tl); sc = [62500, 62500, 62500]; oe = sub(te, sc)
hb = thead(d, [[('30.06.2024', 1, ''), ('30.06.2023', 1, ''), ('31.12.2023', 1, '')], [('NOK 1000', 1, ''), ('NOK 1000', 1, ''), ('NOK 1000', 1, '')]])
rows = [
    Hd('ASSETS'),
    R('Property, plant and equipment', ppe), R('Intangible assets', intg), R('Deferred tax asset', dta),
    R('Total non-current assets', nca, cls='sub'),
    R('Inventories', inv, ['InventoryNet']), R('Trade receivables', tr, ['AccountsReceivableNetCurrent']), R('Other receivables', orc),
    R('Cash and bank deposits', cash, ['CashAndCashEquivalentsAtCarryingValue']),
    R('Total current assets', ca, ['AssetsCurrent'], cls='sub'),
    R('TOTAL ASSETS', ta, ['Assets'], cls='tot'),
    Hd('EQUITY AND LIABILITIES'),
    R('Share capital', sc), R('Other equity', oe),
    R('Total equity', te, ['StockholdersEquity'], cls='sub'),
    R('Interest-bearing long-term debt', ltd, ['LongTermDebtNoncurrent']), R('Deferred tax', dtl),
    R('Total non-current liabilities', ncl, cls='sub'),
    R('First-year instalments on long-term debt', cltd, ['LongTermDebtCurrent']),
    R('Trade payables', tp, ['AccountsPayableCurrent']), R('Public duties payable', pdp), R('Tax payable', txp), R('Other current liabilities', ocl),
    R('Total current liabilities', cl, ['LiabilitiesCurrent'], cls='sub'),
    R('Total liabilities', tl, ['Liabilities'], cls='sub'),
    R('TOTAL EQUITY AND LIABILITIES', ta, ['LiabilitiesAndStockholdersEquity'], cls='tot'),
]
pg1.append(f'<h2>Condensed consolidated statement of financial position</h2>{d.table(B, rows, 1, hb, label_w="52%")}')
d.pages.append(''.join(pg1))
for i, c in enumerate(B):
    d.check(f'{c.end} total current assets', ca[i], inv[i] + tr[i] + orc[i] + cash[i])
    d.check(f'{c.end} total current liabilities', cl[i], cltd[i] + tp[i] + pdp[i] + txp[i] + ocl[i])
    d.check(f'{c.end} total assets = total equity + total liabilities', ta[i], te[i] + tl[i])
rows = [
    R('Profit before tax', pbt), R('Taxes paid', tpd), R('Depreciation and amortisation', neg(da), ['DepreciationDepletionAndAmortization']),
    R('Change in inventories', winv), R('Change in trade receivables', wtr), R('Change in trade payables', wtp), R('Change in other accruals', woa),
    R('Net cash flow from operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    R('Purchase of property, plant and equipment', capex, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})]),
    R('Net cash flow from investing activities', cfi, cls='sub'),
    R('Proceeds from new long-term debt', ltd_new), R('Repayment of long-term debt', rep, [('RepaymentsOfDebt', {'flip': True})]),
    R('Dividends paid', div),
    R('Net cash flow from financing activities', cff, cls='sub'),
    R('Net change in cash and cash equivalents', net, cls='sub'),
    R('Cash and cash equivalents at start of period', beg),
    R('Cash and cash equivalents at end of period', end, ['CashAndCashEquivalentsAtCarryingValue'], cls='tot'),
]
d.pages.append(f'<h2>Condensed consolidated statement of cash flows</h2>{d.table(P, rows, 2, hp, label_w="52%")}'
               '<p class="q">The interim financial statements have been prepared in accordance with IAS 34 and have not been audited. '
               'Figures for H1 2023 and H1 2024 cover the six months ended 30 June; FY 2023 covers the year ended 31 December 2023.</p>')
for i, c in enumerate(P):
    d.check(f'{c.end} ({c.months}m) net change = operating + investing + financing', net[i], cfo[i] + cfi[i] + cff[i])
    d.check(f'{c.end} cash at end of period = balance sheet cash', end[i], cash[i])
d.notes_text = ('Synthetic Norwegian interim report. The scale is stated only in the column heads ("NOK 1000"). Thousands separator is a no-break space (U+00A0). '
                'H1 columns are six months ended 30 June (months 6); FY 2023 is twelve months ended 31 December 2023. "Total operating expenses" includes cost of goods sold '
                'and D&A; it is labelled as such, so it is the OperatingExpenses fact. "Financial expenses" is neutral for InterestExpense. No gross profit line (not derived). '
                'Cash at 31.12.2022 (start of H1 2023 and FY 2023) is not labelled. The period explanation is in the footnote on page 2.')
d.render()
d.write_labels('Norwegian interim report, NOK thousands')
