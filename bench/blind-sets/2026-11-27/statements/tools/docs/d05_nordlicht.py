from fw import *

d = Doc('nordlicht-antriebe-2024-ifrs', 'EUR', 1000, css='''
@page { size: A4; margin: 18mm 18mm 16mm 22mm; }
body { font-family: "Liberation Sans Narrow", "Nimbus Sans Narrow", sans-serif; font-size: 10pt; }
h1 { font-size: 12.5pt; margin: 0 0 1px 0; color:#003b70 } .per { margin: 0 0 12px 0; font-size: 9.5pt }
col.numc { width: 13%; } col.notec { width: 8% }
table.st td { padding: 1.8px 5px } th { color:#003b70; border-bottom: 1px solid #003b70 }
tr.hd td.lab { color:#003b70 }
tr.sub td.num { border-top: 0.6px solid #444; font-weight: bold } tr.sub td.lab { font-weight: bold }
tr.tot td.num { border-top: 0.6px solid #444; border-bottom: 2px double #003b70; font-weight:bold } tr.tot td.lab { font-weight:bold }
.ft { margin-top: 16px; font-size: 8pt; color:#555; border-top: 0.5px solid #999; padding-top: 3px }
''', fmt=fmt_factory(th='.', dec=',', decimals=1, neg='trailing', zero='\u2013'), notes=True, title='Nordlicht Antriebe GmbH Konzernabschluss 2023/24',
        desc='German group (IFRS, English version): income statement, statement of financial position, cash flows; financial year 1 July 2023 to 30 June 2024',
        features='TEUR with one decimal, decimal comma and dot thousands (1.234,5); trailing minus (1.234,5-); Notes column with note numbers like 6.2; column heads "2023/24" / "2022/23" (fiscal year ends 30 June, stated in the title); "Revenue", "Cost of sales", "Profit for the year", attribution to owners / NCI; "Trade and other receivables"; "Borrowings" under both non-current and current liabilities; IFRS order (non-current first)')
Y = [Col('2024-06-30', 12), Col('2023-06-30', 12)]
B = [Col('2024-06-30'), Col('2023-06-30')]
T = lambda *xs: [round(x, 1) for x in xs]
rev = [184306.4, 171228.9]; cos = [-121877.2, -114602.5]; gp = add(rev, cos)
dist = [-21405.8, -19880.3]; adm = [-15118.6, -14227.0]; ooi = [1844.3, 2106.7]; ooe = [-1290.5, -988.4]
op = add(gp, dist, adm, ooi, ooe)
fin = [212.4, 88.1]; fc = [-3905.7, -3112.6]
pbt = add(op, fin, fc)
tax = [-6822.1, -6090.2]
pfy = add(pbt, tax)
nci = [410.2, 377.5]
own = sub(pfy, nci)
h = thead(d, [[('2023/24', 1, ''), ('2022/23', 1, '')], [('TEUR', 1, ''), ('TEUR', 1, '')]])
rows = [
    R('Revenue', rev, ['Revenues'], note='5.1'),
    R('Cost of sales', cos, [('CostOfRevenue', {'flip': True})], note='5.2'),
    R('Gross profit', gp, ['GrossProfit'], cls='sub'),
    R('Distribution costs', dist, note='5.3'),
    R('Administrative expenses', adm, note='5.4'),
    R('Other operating income', ooi, note='5.5'),
    R('Other operating expenses', ooe, note='5.6'),
    R('Operating profit (EBIT)', op, ['OperatingIncomeLoss'], cls='sub'),
    R('Finance income', fin, note='6.1'),
    R('Finance costs', fc, [('InterestExpense', {'flip': True})], note='6.2'),
    R('Profit before tax', pbt, cls='sub'),
    R('Income tax expense', tax, [('IncomeTaxExpenseBenefit', {'flip': True})], note='7'),
    R('Profit for the year', pfy, cls='tot'),
    R('', None, cls='sp'),
    Hd('Profit for the year attributable to:', cls=''),
    R('Owners of the parent', own, [('NetIncomeLoss', {'alt': pfy})], ind=1),
    R('Non-controlling interests', nci, ind=1),
]
d.pages.append(f'''<h1>Consolidated statement of profit or loss</h1><p class="per">Nordlicht Antriebe GmbH, Bremen \u2014 for the financial year from 1 July 2023 to 30 June 2024</p>
{d.table(Y, rows, 1, h, label_w='58%')}
<p class="ft">The accompanying notes are an integral part of these consolidated financial statements. Figures are rounded; negative amounts are shown with a trailing minus sign.</p>''')
for i, c in enumerate(Y):
    d.check(f'{c.end} gross profit = revenue - cost of sales', gp[i], rev[i] + cos[i])
    d.check(f'{c.end} EBIT = gross profit - distribution - administrative + other income - other expenses', op[i], gp[i] + dist[i] + adm[i] + ooi[i] + ooe[i])
    d.check(f'{c.end} profit for the year = EBIT + finance income - finance costs - tax', pfy[i], op[i] + fin[i] + fc[i] + tax[i])
    d.check(f'{c.end} profit = owners + NCI', pfy[i], own[i] + nci[i])

# cash flow first to get cash
da = [9812.4, 9340.7]; fr = sub(neg(fin), fc); tx = neg(tax)
winv = [-1636.6, -2410.2]; wrec = [-1788.2, -1530.0]; wpay = [1423.7, 980.2]; wprov = [-3.3, 241.6]
taxp = [-6420.8, -5988.0]; intp = [-3811.2, -3066.9]
cfo = add(pfy, da, fr, tx, winv, wrec, wpay, wprov, taxp, intp)
ppe_p = [-11204.6, -9877.3]; int_p = [-1088.0, -944.2]; disp = [322.0, 188.5]; intr = [212.4, 88.1]
cfi = add(ppe_p, int_p, disp, intr)
repb = [-4000.0, -4000.0]; prob = [0.0, 0.0]; lease = [-1802.6, -1755.1]; dnci = [-124.5, -98.0]
cash = [14226.9, 11605.2]; beg = [11605.2, 9880.4]
div = [None, None]
for i in range(2):
    div[i] = round((cash[i] - beg[i]) - (cfo[i] + cfi[i] + repb[i] + prob[i] + lease[i] + dnci[i]), 1)
assert all(x < 0 for x in div), div
cff = add(prob, repb, lease, div, dnci)
net = add(cfo, cfi, cff)
end = add(beg, net)
assert [round(x, 1) for x in end] == cash, end

intg = [12418.0, 13102.6]; ppe = [58906.3, 55220.8]; rou = [6204.1, 6880.5]; dta = [1118.4, 1305.2]
nca = add(intg, ppe, rou, dta)
inv = [31442.7, 29806.1]; rec = [27905.6, 26117.4]; itr = [402.3, 611.8]
ca = add(inv, rec, itr, cash)
ta = add(nca, ca)
ncb = [32000.0, 36000.0]; ncl_l = [4910.7, 5600.2]; pens = [7412.0, 7655.3]; dtl = [2205.6, 1998.0]
ncl = add(ncb, ncl_l, pens, dtl)
cb = [4000.0, 4000.0]; cl_l = [1688.2, 1702.9]; tp = [16904.2, 15887.0]; ol = [6318.5, 5912.4]; itl = [1402.0, 1209.7]; cpr = [2115.0, 1874.5]
cl = add(cb, cl_l, tp, ol, itl, cpr)
te = sub(ta, add(ncl, cl))
ncib = [2884.1, 2598.4]; oe = sub(te, ncib)
scap = [10000.0, 10000.0]; crs = [18500.0, 18500.0]; ore = [-1206.4, -1388.9]
re_ = sub(oe, add(scap, crs, ore))
tel = add(te, ncl, cl)
hb = thead(d, [[('30.06.2024', 1, ''), ('30.06.2023', 1, '')], [('TEUR', 1, ''), ('TEUR', 1, '')]])
rows = [
    Hd('ASSETS'),
    R('Intangible assets', intg, note='8'), R('Property, plant and equipment', ppe, note='9'), R('Right-of-use assets', rou, note='10'),
    R('Deferred tax assets', dta, note='7'),
    R('Non-current assets', nca, cls='sub'),
    R('Inventories', inv, ['InventoryNet'], note='11'),
    R('Trade and other receivables', rec, ['AccountsReceivableNetCurrent'], note='12'),
    R('Income tax receivables', itr),
    R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue'], note='13'),
    R('Current assets', ca, ['AssetsCurrent'], cls='sub'),
    R('Total assets', ta, ['Assets'], cls='tot'),
    R('', None, cls='sp'),
    Hd('EQUITY AND LIABILITIES'),
    R('Subscribed capital', scap, note='14'), R('Capital reserve', crs), R('Retained earnings', re_), R('Other reserves', ore),
    R('Equity attributable to owners of the parent', oe, [('StockholdersEquity', {'alt': te})], cls='sub'),
    R('Non-controlling interests', ncib),
    R('Total equity', te, cls='sub'),
    R('Borrowings', ncb, ['LongTermDebtNoncurrent'], note='15'),
    R('Lease liabilities', ncl_l, note='10'), R('Provisions for pensions', pens, note='16'), R('Deferred tax liabilities', dtl, note='7'),
    R('Non-current liabilities', ncl, cls='sub'),
    R('Borrowings', cb, ['LongTermDebtCurrent'], note='15'),
    R('Lease liabilities', cl_l, note='10'), R('Trade payables', tp, ['AccountsPayableCurrent'], note='17'), R('Other liabilities', ol, note='17'),
    R('Income tax liabilities', itl), R('Other provisions', cpr, note='18'),
    R('Current liabilities', cl, ['LiabilitiesCurrent'], cls='sub'),
    R('Total equity and liabilities', tel, ['LiabilitiesAndStockholdersEquity'], cls='tot'),
]
d.pages.append(f'''<h1>Consolidated statement of financial position</h1><p class="per">Nordlicht Antriebe GmbH, Bremen \u2014 as at 30 June 2024</p>
{d.table(B, rows, 2, hb, label_w='58%')}''')
for i, c in enumerate(B):
    d.derive('Liabilities', c, ncl[i] + cl[i], '(derived) non-current + current liabilities', 2)
    d.check(f'{c.end} current assets = inventories + receivables + tax receivables + cash', ca[i], inv[i] + rec[i] + itr[i] + cash[i])
    d.check(f'{c.end} current liabilities sum', cl[i], cb[i] + cl_l[i] + tp[i] + ol[i] + itl[i] + cpr[i])
    d.check(f'{c.end} total assets = total equity + non-current + current liabilities', ta[i], te[i] + ncl[i] + cl[i])

rows = [
    R('Profit for the year', pfy),
    R('Depreciation and amortisation', da, ['DepreciationDepletionAndAmortization'], note='8, 9, 10'),
    R('Net finance result', fr), R('Income tax expense', tx),
    R('Change in inventories', winv), R('Change in trade and other receivables', wrec),
    R('Change in trade payables and other liabilities', wpay), R('Change in provisions', wprov),
    R('Income taxes paid', taxp), R('Interest paid', intp),
    R('Cash flow from operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    R('Payments for property, plant and equipment', ppe_p, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})]),
    R('Payments for intangible assets', int_p), R('Proceeds from disposal of non-current assets', disp), R('Interest received', intr),
    R('Cash flow from investing activities', cfi, cls='sub'),
    R('Proceeds from borrowings', prob), R('Repayment of borrowings', repb, [('RepaymentsOfDebt', {'flip': True})], note='15'),
    R('Repayment of lease liabilities', lease), R('Dividends paid to owners of the parent', div), R('Dividends paid to non-controlling interests', dnci),
    R('Cash flow from financing activities', cff, cls='sub'),
    R('Net change in cash and cash equivalents', net, cls='sub'),
    R('Cash and cash equivalents at the beginning of the year', beg),
    R('Cash and cash equivalents at the end of the year', end, ['CashAndCashEquivalentsAtCarryingValue'], cls='tot', note='13'),
]
d.pages.append(f'''<h1>Consolidated statement of cash flows</h1><p class="per">Nordlicht Antriebe GmbH, Bremen \u2014 for the financial year from 1 July 2023 to 30 June 2024</p>
{d.table(Y, rows, 3, h, label_w='58%')}<p class="ft">Nordlicht Antriebe GmbH \u00b7 Consolidated financial statements 2023/24</p>''')
for i, c in enumerate(Y):
    d.check(f'{c.end} operating cash flow sum', cfo[i], pfy[i] + da[i] + fr[i] + tx[i] + winv[i] + wrec[i] + wpay[i] + wprov[i] + taxp[i] + intp[i])
    d.check(f'{c.end} cash end of year = beginning + net change = balance sheet cash', end[i], cash[i])
d.notes_text = ('Synthetic. Scale TEUR (1000) with one decimal: 184.306,4 TEUR = 184,306,400 EUR. Negative amounts carry a trailing minus; costs printed negative have the printed value in altValues. '
                'Columns "2023/24" and "2022/23" are financial years ending 30 June (stated in the title and balance-sheet heads). NetIncomeLoss = owners of the parent; '
                'profit for the year in altValues; equity likewise. "Borrowings" appears twice: non-current (LongTermDebtNoncurrent) and current (LongTermDebtCurrent). '
                'Finance costs = InterestExpense. No total-liabilities line (derived). No total operating expenses line (not derived: other operating income is mixed in). '
                'Cash at both year ends is printed on the balance sheet (page 2) and at the end of the cash-flow statement (page 3).')
d.render()
d.write_labels('German IFRS group, TEUR, decimal comma, trailing minus')
