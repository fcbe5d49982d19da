from fw import *

d = Doc('hartwell-foods-fy2024-10k', 'USD', 1000000, css='''
body { font-family: "Liberation Serif", "Times New Roman", serif; font-size: 10pt; }
.co { text-align:center; font-weight:bold; font-size:11pt; margin:0; }
.ti { text-align:center; font-weight:bold; margin:2px 0; }
.sc { text-align:center; font-style: italic; margin: 0 0 10px 0; }
col.numc { width: 11%; } col.sigc { width: 2%; }
.pgno { text-align:center; margin-top: 24px; }
.fn { font-size: 8.5pt; margin-top: 8px; }
''', fmt=fmt_factory(neg='paren', zero='—'), sigcell=True, title='Hartwell Foods, Inc. Form 10-K Item 8',
        desc='US 10-K, Item 8 statements (earnings, balance sheet, cash flows), fiscal years ended May 31',
        features='USD millions "(in millions, except per share amounts)"; "$" in its own cell; costs in parentheses; three fiscal years ended May 31 under a spanning "Fiscal Year Ended May 31," head with year-only columns; NCI and "Net earnings attributable to Hartwell Foods, Inc."; footnote mark "Inventories (a)"; "net of allowances of $95 and $103"; "(PP&E)" in a label; dashes for zero')
Y = [Col('2024-05-31', 12), Col('2023-05-31', 12), Col('2022-05-31', 12)]
B = [Col('2024-05-31'), Col('2023-05-31')]

rev = [32765, 31657, 29840]
cos = [-21418, -20977, -19912]
gp = add(rev, cos)
sga = [-6482, -6215, -5890]
rnd = [-512, -488, -455]
rst = [-143, 0, -61]
opx = add(sga, rnd, rst)
oi = add(gp, opx)
ie = [-398, -352, -341]
ii = [41, 18, 6]
oth = [-12, 25, 9]
pbt = add(oi, ie, ii, oth)
tax = [-826, -794, -682]
ni_all = add(pbt, tax)
nci = [-38, -33, -29]
ni = add(ni_all, nci)
sh_b = [412.5, 418.2, 423.9]
sh_d = [415.3, 421.6, 427.0]
eps_b = [round(ni[i] / sh_b[i], 2) for i in range(3)]
eps_d = [round(ni[i] / sh_d[i], 2) for i in range(3)]

def head_years(doc, cols):
    return thead(doc, [[('Fiscal Year Ended May 31,', len(cols), 'span')], [(str(c.end[:4]), 1, '') for c in cols]])

rows = [
    R('Net sales', rev, ['Revenues'], dollar=True),
    R('Cost of sales', cos, [('CostOfRevenue', {'flip': True})]),
    R('Gross profit', gp, ['GrossProfit'], cls='sub'),
    R('Selling, general and administrative expenses', sga, ind=0),
    R('Research and development expenses', rnd),
    R('Restructuring and impairment charges', rst),
    R('Total operating expenses', opx, [('OperatingExpenses', {'flip': True})], cls='sub'),
    R('Operating income', oi, ['OperatingIncomeLoss'], cls='sub'),
    R('Interest expense', ie, [('InterestExpense', {'flip': True})]),
    R('Interest income', ii),
    R('Other income (expense), net', oth),
    R('Earnings before income taxes', pbt, cls='sub'),
    R('Income tax expense', tax, [('IncomeTaxExpenseBenefit', {'flip': True})]),
    R('Net earnings', ni_all, cls='sub'),
    R('Less: Net earnings attributable to noncontrolling interests', nci),
    R('Net earnings attributable to Hartwell Foods, Inc.', ni, [('NetIncomeLoss', {'alt': ni_all})], cls='tot', dollar=True),
    R('', None, cls='sp'),
    Hd('Earnings per share attributable to Hartwell Foods, Inc. common stockholders:'),
]
fe = fmt_factory(decimals=2)
p1 = f'''<p class="co">HARTWELL FOODS, INC. AND SUBSIDIARIES</p><p class="ti">CONSOLIDATED STATEMENTS OF EARNINGS</p>
<p class="sc">(in millions, except per share amounts)</p>
{d.table(Y, rows, 1, head_years(d, Y), label_w='55%')}
<table class="st"><colgroup><col style="width:55%"><col class="sigc"><col class="numc"><col class="sigc"><col class="numc"><col class="sigc"><col class="numc"></colgroup>
<tr><td class="lab ind1">Basic</td>{''.join(f'<td class="sig">$</td><td class="num">{fe(v)}</td>' for v in eps_b)}</tr>
<tr><td class="lab ind1">Diluted</td>{''.join(f'<td class="sig">$</td><td class="num">{fe(v)}</td>' for v in eps_d)}</tr>
<tr class="sp"><td></td></tr>
<tr><td class="lab">Weighted-average shares outstanding:</td></tr>
<tr><td class="lab ind1">Basic</td>{''.join(f'<td class="sig"></td><td class="num">{v:.1f}</td>' for v in sh_b)}</tr>
<tr><td class="lab ind1">Diluted</td>{''.join(f'<td class="sig"></td><td class="num">{v:.1f}</td>' for v in sh_d)}</tr>
<tr class="sp"><td></td></tr>
<tr><td class="lab">Dividends declared per share</td>{''.join(f'<td class="sig">$</td><td class="num">{v}</td>' for v in ['3.15', '2.96', '2.78'])}</tr>
</table>
<p class="fn">See accompanying Notes to Consolidated Financial Statements.</p><p class="pgno">F-3</p>'''
d.pages.append(p1)
for i, c in enumerate(Y):
    y = c.end
    d.check(f'{y} gross profit = net sales - cost of sales', gp[i], rev[i] + cos[i])
    d.check(f'{y} operating income = gross profit - total operating expenses', oi[i], gp[i] + opx[i])
    d.check(f'{y} net earnings attributable = pre-tax - tax - NCI', ni[i], pbt[i] + tax[i] + nci[i])

# balance sheet
cash = [1284, 1062]
rec = [2946, 2811]
inv = [3418, 3502]
ppd = [612, 587]
ca = add(cash, rec, inv, ppd)
ppe = [9874, 9512]
gw = [14205, 14119]
intg = [6930, 7214]
oa = [1186, 1093]
ta = add(ca, ppe, gw, intg, oa)
cpltd = [1150, 985]
np_ = [420, 610]
ap = [4118, 3962]
ocl = [2684, 2571]
cl = add(cpltd, np_, ap, ocl)
ltd = [11640, 12305]
dtx = [1802, 1914]
ol = [1215, 1268]
tl = add(cl, ltd, dtx, ol)
cs = [75, 75]
apic = [1402, 1355]
re_ = [22318, 20640]
aoci = [-2816, -2712]
ts = [-3890, -3368]
se = add(cs, apic, re_, aoci, ts)
ncib = [337, 295]
te = add(se, ncib)
tle = add(tl, te)
hb = thead(d, [[('May 31,', 2, 'span')], [('2024', 1, ''), ('2023', 1, '')]])
rows = [
    Hd('ASSETS'),
    Hd('Current assets:', cls=''),
    R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue'], dollar=True, ind=1),
    R('Receivables, net of allowances of $95 and $103, respectively', rec, ['AccountsReceivableNetCurrent'], ind=1),
    R('Inventories (a)', inv, ['InventoryNet'], ind=1),
    R('Prepaid expenses and other current assets', ppd, ind=1),
    R('Total current assets', ca, ['AssetsCurrent'], cls='sub', ind=2),
    R('Property, plant and equipment, net (PP&E)', ppe),
    R('Goodwill', gw),
    R('Other intangible assets, net', intg),
    R('Other assets', oa),
    R('Total assets', ta, ['Assets'], cls='tot', dollar=True),
    R('', None, cls='sp'),
    Hd('LIABILITIES AND EQUITY'),
    Hd('Current liabilities:', cls=''),
    R('Current portion of long-term debt', cpltd, ['LongTermDebtCurrent'], dollar=True, ind=1),
    R('Notes payable', np_, ind=1),
    R('Accounts payable', ap, ['AccountsPayableCurrent'], ind=1),
    R('Other current liabilities', ocl, ind=1),
    R('Total current liabilities', cl, ['LiabilitiesCurrent'], cls='sub', ind=2),
    R('Long-term debt, excluding current portion', ltd, ['LongTermDebtNoncurrent']),
    R('Deferred income taxes', dtx),
    R('Other liabilities', ol),
    R('Total liabilities', tl, ['Liabilities'], cls='sub'),
    R('Commitments and contingencies (Note 15)', None),
    Hd('Stockholders\u2019 equity:', cls=''),
    R('Common stock, $0.10 par value; 1,000 shares authorized; 754 shares issued', cs, ind=1),
    R('Additional paid-in capital', apic, ind=1),
    R('Retained earnings', re_, ind=1),
    R('Accumulated other comprehensive loss', aoci, ind=1),
    R('Treasury stock, at cost', ts, ind=1),
    R('Total Hartwell Foods, Inc. stockholders\u2019 equity', se, [('StockholdersEquity', {'alt': te})], cls='sub', ind=2),
    R('Noncontrolling interests', ncib, ind=1),
    R('Total equity', te, cls='sub'),
    R('Total liabilities and equity', tle, ['LiabilitiesAndStockholdersEquity'], cls='tot', dollar=True),
]
p2 = f'''<p class="co">HARTWELL FOODS, INC. AND SUBSIDIARIES</p><p class="ti">CONSOLIDATED BALANCE SHEETS</p>
<p class="sc">(in millions, except par value)</p>
{d.table(B, rows, 2, hb, label_w='64%')}
<p class="fn">(a) Inventories valued on the last-in, first-out (LIFO) basis were $1,210 and $1,187 at May 31, 2024 and 2023; the LIFO reserve was $214 and $198.</p>
<p class="fn">See accompanying Notes to Consolidated Financial Statements.</p><p class="pgno">F-4</p>'''
d.pages.append(p2)
for i, c in enumerate(B):
    y = c.end
    d.check(f'{y} total current assets = cash + receivables + inventories + prepaid', ca[i], cash[i] + rec[i] + inv[i] + ppd[i])
    d.check(f'{y} total current liabilities = sum of lines', cl[i], cpltd[i] + np_[i] + ap[i] + ocl[i])
    d.check(f'{y} total assets = total liabilities + total equity', ta[i], tl[i] + te[i])
    d.check(f'{y} total equity = parent equity + NCI', te[i], se[i] + ncib[i])

# cash flows
da = [1068, 1031, 998]
imp = [88, 0, 35]
sbc = [142, 131, 124]
dfr = [-112, 64, 41]
wrec = [-135, -204, -96]
winv = [84, -310, -402]
wap = [156, 221, 187]
woth = [-61, 98, -45]
cfo = add(ni_all, da, imp, sbc, dfr, wrec, winv, wap, woth)
capex = [-1412, -1288, -1105]
acq = [0, -412, -1960]
disp = [38, 22, 17]
oinv = [-14, 9, -6]
cfi = add(capex, acq, disp, oinv)
iss = [495, 1490, 2480]
rep = [-995, -1210, -620]
npc = [-190, 85, 140]
div = [-1299, -1236, -1172]
tsy = [-522, -1145, -455]
ncid = [-18, -21, -16]
cff = add(iss, rep, npc, div, tsy, ncid)
fx = [-106, -52, -61]
net = add(cfo, cfi, cff, fx)
beg = [1062, 915, 317]
end = add(beg, net)
assert end[:2] == cash, (end, cash)
rows = [
    Hd('Cash flows from operating activities'),
    R('Net earnings', ni_all, dollar=True, ind=1),
    R('Adjustments to reconcile net earnings to net cash provided by operating activities:', None, ind=1),
    R('Depreciation and amortization', da, ['DepreciationDepletionAndAmortization'], ind=2),
    R('Asset impairment charges', imp, ind=2),
    R('Stock-based compensation', sbc, ind=2),
    R('Deferred income taxes', dfr, ind=2),
    R('Changes in operating assets and liabilities, net of acquisitions:', None, ind=1),
    R('Receivables', wrec, ind=2),
    R('Inventories', winv, ind=2),
    R('Accounts payable', wap, ind=2),
    R('Other, net', woth, ind=2),
    R('Net cash provided by operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    Hd('Cash flows from investing activities'),
    R('Purchases of land, buildings and equipment', capex, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})], ind=1),
    R('Acquisitions of businesses, net of cash acquired', acq, ind=1),
    R('Proceeds from disposal of property', disp, ind=1),
    R('Other investing activities, net', oinv, ind=1),
    R('Net cash used in investing activities', cfi, cls='sub'),
    Hd('Cash flows from financing activities'),
    R('Proceeds from issuance of long-term debt', iss, ind=1),
    R('Repayments of long-term debt', rep, [('RepaymentsOfDebt', {'flip': True})], ind=1),
    R('Net change in notes payable', npc, ind=1),
    R('Dividends paid', div, ind=1),
    R('Purchases of treasury stock', tsy, ind=1),
    R('Distributions to noncontrolling interests', ncid, ind=1),
    R('Net cash (used in) provided by financing activities', cff, cls='sub'),
    R('Effect of exchange rate changes on cash and cash equivalents', fx),
    R('Net increase in cash and cash equivalents', net, cls='sub'),
    R('Cash and cash equivalents, beginning of year', beg),
    R('Cash and cash equivalents, end of year', end, ['CashAndCashEquivalentsAtCarryingValue'] if False else [
        ('CashAndCashEquivalentsAtCarryingValue', 'fact', {'cols': [0, 1]}),
        ('CashAndCashEquivalentsAtCarryingValue', 'neutral', {'cols': [2]})], cls='tot', dollar=True),
]
p3 = f'''<p class="co">HARTWELL FOODS, INC. AND SUBSIDIARIES</p><p class="ti">CONSOLIDATED STATEMENTS OF CASH FLOWS</p>
<p class="sc">(in millions)</p>
{d.table(Y, rows, 3, head_years(d, Y), label_w='58%')}
<p class="fn">Supplemental disclosure: cash paid for interest was $381, $340 and $329 and cash paid for income taxes was $902, $811 and $655 in fiscal 2024, 2023 and 2022.</p>
<p class="pgno">F-6</p>'''
d.pages.append(p3)
for i, c in enumerate(Y):
    y = c.end
    d.check(f'{y} net cash from operations = net earnings + adjustments', cfo[i], sum(x[i] for x in (ni_all, da, imp, sbc, dfr, wrec, winv, wap, woth)))
    d.check(f'{y} net change in cash = operating + investing + financing + FX', net[i], cfo[i] + cfi[i] + cff[i] + fx[i])
for i in range(2):
    d.check(f'{B[i].end} cash end of year (cash flows) = balance sheet cash', end[i], cash[i])
d.notes_text = ('Synthetic. Net income = net earnings attributable to Hartwell Foods, Inc.; consolidated net earnings '
                '(incl. NCI) in altValues. StockholdersEquity = parent equity, total equity in altValues. Cash at '
                'May 31, 2022 (end of fiscal 2022 on the cash-flow statement only) is neutral. Costs printed in '
                'parentheses carry the printed negative in altValues. EPS, share counts and footnote figures are not facts. '
                'The cash-flow statement is page 3 of the file although its printed folio is F-6.')
d.render()
d.write_labels('US 10-K style, fiscal year ended May 31')
