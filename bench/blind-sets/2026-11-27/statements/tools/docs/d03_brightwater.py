from fw import *

d = Doc('brightwater-brands-2024q3-10q', 'USD', 1000000, css='''
body { font-family: "DejaVu Serif", serif; font-size: 8.2pt; }
.part { font-weight:bold; font-size: 9.5pt; margin: 0 0 2px 0 }
.co { font-weight:bold; font-size:9.5pt; margin:8px 0 0 0; text-align:left }
.ti { font-weight:bold; margin:1px 0; text-align:left }
.sc { margin: 0 0 8px 0; text-align:left; }
col.numc { width: 9%; } col.sigc { width: 1.5%; }
th.span { border-bottom: 1px solid #000 } th { white-space: nowrap }
.pgno { text-align:center; margin-top: 14px; font-size: 8pt; }
''', fmt=fmt_factory(neg='paren', zero='\u2013'), sigcell=True, title='Brightwater Brands Form 10-Q Q3 2024',
        desc='US 10-Q, third quarter: operations (13 and 39 weeks), balance sheet against prior fiscal year end, cash flows (39 weeks)',
        features='USD millions; four columns "13 Weeks Ended" / "39 Weeks Ended" under spanning heads; balance sheet September 28, 2024 (Unaudited) vs December 30, 2023 (fiscal year end); costs printed positive; "Gross margin"; "Total inventories" with components; NCI; short-term borrowings separate from current maturities; en-dash zeros; "Part I - Item 1" heading on page 1')
Q = [Col('2024-09-28', 3), Col('2023-09-30', 3), Col('2024-09-28', 9), Col('2023-09-30', 9)]
N = [Col('2024-09-28', 9), Col('2023-09-30', 9)]
B = [Col('2024-09-28'), Col('2023-12-30')]
rev = [2419, 2287, 7102, 6745]
cos = [1498, 1442, 4437, 4268]
gm = sub(rev, cos)
sga = [512, 488, 1541, 1463]
rd = [96, 91, 288, 270]
ooe = [14, -6, 22, 9]
oi = sub(gm, add(sga, rd, ooe))
ie = [38, 41, 117, 119]
oie = [-4, -2, -9, -7]
pbt = sub(oi, add(ie, oie))
tax = [58, 49, 152, 134]
ni_all = sub(pbt, tax)
nci = [5, 4, 14, 12]
ni = sub(ni_all, nci)
hq = thead(d, [[('13 Weeks Ended', 2, 'span'), ('39 Weeks Ended', 2, 'span')],
               [('September 28,', 1, ''), ('September 30,', 1, ''), ('September 28,', 1, ''), ('September 30,', 1, '')],
               [('2024', 1, ''), ('2023', 1, ''), ('2024', 1, ''), ('2023', 1, '')]])
rows = [
    R('Net sales', rev, ['Revenues'], dollar=True),
    R('Cost of products sold', cos, ['CostOfRevenue']),
    R('Gross margin', gm, ['GrossProfit'], cls='sub'),
    R('Selling, general and administrative expenses', sga),
    R('Research and development expenses', rd),
    R('Other operating (income) expense, net', ooe),
    R('Operating income', oi, ['OperatingIncomeLoss'], cls='sub'),
    R('Interest expense', ie, ['InterestExpense']),
    R('Other (income) expense, net', oie),
    R('Income before income taxes', pbt, cls='sub'),
    R('Provision for income taxes', tax, ['IncomeTaxExpenseBenefit']),
    R('Net income', ni_all, cls='sub'),
    R('Less: Net income attributable to noncontrolling interests', nci),
    R('Net income attributable to Brightwater Brands, Inc.', ni, [('NetIncomeLoss', {'alt': ni_all})], cls='tot', dollar=True),
]
eps = lambda sh: ''.join(f'<td class="sig">$</td><td class="num">{ni[i] / sh[i]:.2f}</td>' for i in range(4))
shb = [88.1, 89.4, 88.5, 89.9]; shd = [88.9, 90.2, 89.3, 90.8]
d.pages.append(f'''<p class="part">PART I \u2014 FINANCIAL INFORMATION</p><p class="part">Item 1. Financial Statements</p>
<p class="co">BRIGHTWATER BRANDS, INC. AND SUBSIDIARIES</p><p class="ti">CONDENSED CONSOLIDATED STATEMENTS OF INCOME (Unaudited)</p>
<p class="sc">(Dollars in millions, except per share amounts)</p>{d.table(Q, rows, 1, hq, label_w='44%')}
<table class="st"><colgroup><col style="width:52%">{'<col class="sigc"><col class="numc">' * 4}</colgroup>
<tr class="sp"><td></td></tr><tr><td class="lab">Net income per share attributable to Brightwater Brands, Inc.:</td></tr>
<tr><td class="lab ind1">Basic</td>{eps(shb)}</tr><tr><td class="lab ind1">Diluted</td>{eps(shd)}</tr>
<tr><td class="lab">Cash dividends declared per share</td>{''.join(f'<td class="sig">$</td><td class="num">{v}</td>' for v in ['0.53', '0.49', '1.59', '1.47'])}</tr></table>
<p class="sc" style="margin-top:10px">See Notes to Condensed Consolidated Financial Statements (Unaudited).</p><p class="pgno">3</p>''')
for i, c in enumerate(Q):
    d.derive('OperatingExpenses', c, sga[i] + rd[i] + ooe[i], '(derived) SG&A + R&D + other operating (income) expense', 1)
    d.check(f'{c.end} ({c.months}m) gross margin = net sales - cost of products sold', gm[i], rev[i] - cos[i])
    d.check(f'{c.end} ({c.months}m) operating income = gross margin - SG&A - R&D - other operating', oi[i], gm[i] - sga[i] - rd[i] - ooe[i])
    d.check(f'{c.end} ({c.months}m) net income attributable = pre-tax - tax - NCI', ni[i], pbt[i] - tax[i] - nci[i])

cash = [655, 712]; ar = [1388, 1265]; rm = [402, 388]; wip = [156, 149]; fg = [731, 664]
inv = add(rm, wip, fg); oca = [214, 198]
ca = add(cash, ar, inv, oca)
ppe = [2844, 2790]; gw = [3120, 3095]; oi_ = [1046, 1102]; onc = [388, 371]
ta = add(ca, ppe, gw, oi_, onc)
stb = [210, 95]; cm = [300, 450]; ap = [1122, 1184]; acl = [702, 688]
cl = add(stb, cm, ap, acl)
ltd = [3385, 3380]; ol = [842, 861]
tl = add(cl, ltd, ol)
te = sub(ta, tl); ncib = [96, 88]; pe = sub(te, ncib)
cs = [128, 128]; cap = [1215, 1188]; aoci = [-612, -598]; tsy = [-1904, -1790]
re_ = sub(pe, add(cs, cap, aoci, tsy))
assert re_ == [5460, 5060], re_
hb = thead(d, [[('September 28,', 1, ''), ('December 30,', 1, '')], [('2024', 1, ''), ('2023', 1, '')], [('(Unaudited)', 1, ''), ('', 1, '')]])
rows = [
    Hd('ASSETS'), Hd('Current assets', cls=''),
    R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue'], dollar=True, ind=1),
    R('Trade receivables, less allowances of $22 and $19', ar, ['AccountsReceivableNetCurrent'], ind=1),
    R('Inventories:', None, ind=1),
    R('Raw materials and supplies', rm, ind=2), R('Work in process', wip, ind=2), R('Finished goods', fg, ind=2),
    R('Total inventories', inv, ['InventoryNet'], cls='sub', ind=2),
    R('Other current assets', oca, ind=1),
    R('Total current assets', ca, ['AssetsCurrent'], cls='sub'),
    R('Property, plant and equipment, net', ppe), R('Goodwill', gw), R('Other intangible assets, net', oi_), R('Other noncurrent assets', onc),
    R('Total assets', ta, ['Assets'], cls='tot', dollar=True),
    Hd('LIABILITIES AND EQUITY'), Hd('Current liabilities', cls=''),
    R('Short-term borrowings', stb, dollar=True, ind=1),
    R('Current maturities of long-term debt', cm, ['LongTermDebtCurrent'], ind=1),
    R('Accounts payable', ap, ['AccountsPayableCurrent'], ind=1),
    R('Accrued liabilities', acl, ind=1),
    R('Total current liabilities', cl, ['LiabilitiesCurrent'], cls='sub'),
    R('Long-term debt', ltd, ['LongTermDebtNoncurrent']), R('Other liabilities', ol),
    R('Total liabilities', tl, ['Liabilities'], cls='sub'),
    Hd('Equity', cls=''),
    R('Common stock', cs, ind=1), R('Capital in excess of par value', cap, ind=1), R('Retained earnings', re_, ind=1),
    R('Accumulated other comprehensive loss', aoci, ind=1), R('Treasury stock, at cost', tsy, ind=1),
    R('Total Brightwater Brands, Inc. shareholders\u2019 equity', pe, [('StockholdersEquity', {'alt': te})], cls='sub', ind=1),
    R('Noncontrolling interests', ncib, ind=1),
    R('Total equity', te, cls='sub'),
    R('Total liabilities and equity', ta, ['LiabilitiesAndStockholdersEquity'], cls='tot', dollar=True),
]
d.pages.append(f'''<p class="co">BRIGHTWATER BRANDS, INC. AND SUBSIDIARIES</p><p class="ti">CONDENSED CONSOLIDATED BALANCE SHEETS</p>
<p class="sc">(Dollars in millions)</p>{d.table(B, rows, 2, hb, label_w='70%')}<p class="pgno">5</p>''')
for i, c in enumerate(B):
    d.check(f'{c.end} total inventories = raw materials + WIP + finished goods', inv[i], rm[i] + wip[i] + fg[i])
    d.check(f'{c.end} total current assets', ca[i], cash[i] + ar[i] + inv[i] + oca[i])
    d.check(f'{c.end} total current liabilities', cl[i], stb[i] + cm[i] + ap[i] + acl[i])
    d.check(f'{c.end} total assets = total liabilities + parent equity + NCI', ta[i], tl[i] + pe[i] + ncib[i])

da = [246, 238]; sbc = [41, 38]; dt = [-12, 6]; wr = [-123, -98]; wi = [-88, -142]; wa = [-62, 51]; wo = [24, -35]
cfo = add(ni_all[2:], da, sbc, dt, wr, wi, wa, wo)
capex = [-298, -276]; acq = [0, -118]; oinv = [6, 4]
cfi = add(capex, acq, oinv)
stbn = [115, 60]; pltd = [300, 0]; rltd = [-450, -250]; dv = [-140, -131]; ncid = [-6, -5]; fx = [-5, -9]
beg = [712, 905]
rp = [None, -85]
rp[0] = (cash[0] - beg[0]) - (cfo[0] + cfi[0] + stbn[0] + pltd[0] + rltd[0] + dv[0] + ncid[0] + fx[0])
cff = add(stbn, pltd, rltd, dv, rp, ncid)
net = add(cfo, cfi, cff, fx)
end = add(beg, net)
assert end[0] == cash[0] and rp[0] < 0, (end, rp)
hn = thead(d, [[('39 Weeks Ended', 2, 'span')], [('September 28,', 1, ''), ('September 30,', 1, '')], [('2024', 1, ''), ('2023', 1, '')]])
rows = [
    Hd('OPERATING ACTIVITIES'),
    R('Net income', ni_all[2:], dollar=True),
    R('Adjustments to reconcile net income to net cash provided by operating activities:', None),
    R('Depreciation and amortization', da, ['DepreciationDepletionAndAmortization'], ind=1),
    R('Share-based compensation', sbc, ind=1), R('Deferred income taxes', dt, ind=1),
    R('Changes in assets and liabilities, net of acquisitions:', None),
    R('Trade receivables', wr, ind=1), R('Inventories', wi, ind=1), R('Accounts payable', wa, ind=1), R('Accrued liabilities and other', wo, ind=1),
    R('Net cash provided by operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    Hd('INVESTING ACTIVITIES'),
    R('Capital expenditures', capex, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})]),
    R('Acquisitions, net of cash acquired', acq), R('Other investing activities', oinv),
    R('Net cash used in investing activities', cfi, cls='sub'),
    Hd('FINANCING ACTIVITIES'),
    R('Net increase in short-term borrowings', stbn), R('Proceeds from issuance of long-term debt', pltd),
    R('Repayments of long-term debt', rltd, [('RepaymentsOfDebt', {'flip': True})]),
    R('Dividends paid', dv), R('Repurchases of common stock', rp), R('Distributions to noncontrolling interests', ncid),
    R('Net cash used in financing activities', cff, cls='sub'),
    R('Effect of exchange rate changes on cash and cash equivalents', fx),
    R('Net decrease in cash and cash equivalents', net, cls='sub'),
    R('Cash and cash equivalents, beginning of period', beg),
    R('Cash and cash equivalents, end of period', end, [('CashAndCashEquivalentsAtCarryingValue', 'fact', {'cols': [0]}),
                                                         ('CashAndCashEquivalentsAtCarryingValue', 'neutral', {'cols': [1]})], cls='tot', dollar=True),
]
d.pages.append(f'''<p class="co">BRIGHTWATER BRANDS, INC. AND SUBSIDIARIES</p><p class="ti">CONDENSED CONSOLIDATED STATEMENTS OF CASH FLOWS (Unaudited)</p>
<p class="sc">(Dollars in millions)</p>{d.table(N, rows, 3, hn, label_w='66%')}<p class="pgno">6</p>''')
for i, c in enumerate(N):
    d.check(f'{c.end} (9m) operating cash flow = net income + adjustments', cfo[i], ni_all[2 + i] + da[i] + sbc[i] + dt[i] + wr[i] + wi[i] + wa[i] + wo[i])
    d.check(f'{c.end} (9m) net change in cash = op + inv + fin + FX', net[i], cfo[i] + cfi[i] + cff[i] + fx[i])
d.check('2024-09-28 cash end of period (cash flows) = balance sheet cash', end[0], cash[0])
d.check('2023-12-30 cash beginning of period (cash flows) = balance sheet cash at fiscal year end', beg[0], cash[1])
d.notes_text = ('Synthetic 10-Q. 13-week quarters -> months 3, 39 weeks -> months 9; the quarter and the nine months end on the same dates and are separate periods. '
                'Balance sheet compares September 28, 2024 with the fiscal year end December 30, 2023 (no months). Costs are printed positive (no parentheses), so no altValues. '
                'NetIncomeLoss = attributable to Brightwater; consolidated net income in altValues; equity likewise. OperatingExpenses has no printed total (derived). '
                'Short-term borrowings are not LongTermDebtCurrent. Cash at 2023-09-30 appears only on the cash-flow statement (neutral). '
                'The 9-month net income on the cash-flow statement is the consolidated figure (incl. NCI), which is the NetIncomeLoss altValue.')
d.render()
d.write_labels('US 10-Q style, 13/39-week quarter')
