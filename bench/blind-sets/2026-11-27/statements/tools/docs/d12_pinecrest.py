from fw import *

d = Doc('pinecrest-grocers-fy2023-10k', 'USD', 1000000, css='''
body { font-family: "Nimbus Roman", "Liberation Serif", serif; font-size: 9.6pt; }
.t0 { text-align:center; font-weight: bold; margin: 0; font-size: 10.5pt } .t1 { text-align:center; margin: 0 } .t2 { text-align:center; margin: 0 0 10px 0; font-size: 9pt }
col.numc { width: 10%; } col.sigc { width: 1.5% }
th { font-weight: bold } table.st td { padding: 1.4px 3px }
tr.sub td.num { border-top: 0.8px solid #000 } tr.tot td.num { border-top: 0.8px solid #000; border-bottom: 2.2px double #000 }
.pg { text-align: center; margin-top: 16px; font-size: 9pt } .fn { font-size: 8.3pt; margin-top: 8px }
''', fmt=fmt_factory(neg='paren', zero='\u2014'), sigcell=True, title='Pinecrest Grocers Inc 10-K fiscal 2023',
        desc='US supermarket chain 10-K: statements of operations, balance sheets, cash flows; fiscal years ending on the Saturday nearest January 31',
        features='USD millions; column heads are fiscal-year numbers only ("2023 (53 weeks)", "2022 (52 weeks)", "2021 (52 weeks)"; balance sheet "2023" / "2022") while the years end on February 3, 2024, January 28, 2023 and January 29, 2022 as stated in the titles; 53-week year; "Merchandise costs, including advertising, warehousing, and transportation expense ..." wrapped over three lines; D&A on the face of the income statement; no gross-profit or total-operating-expense line; FIFO inventory less LIFO reserve = "Total inventories"; negative noncontrolling interests; "$" cells')
Y = [Col('2024-02-03', 12), Col('2023-01-28', 12), Col('2022-01-29', 12)]
B = [Col('2024-02-03'), Col('2023-01-28')]
sales = [48906, 46118, 43402]; mc = [37918, 35906, 33705]; oga = [7812, 7402, 7011]; rent = [612, 598, 585]; da = [1104, 1052, 1001]
op = sub(sales, add(mc, oga, rent, da))
ie = [-188, -172, -169]; pen = [6, -4, 11]
ebt = add(op, ie, pen); tax = [296, 221, 214]; ne = sub(ebt, tax)
nci = [-4, -3, 2]; nep = sub(ne, nci)
hy = thead(d, [[('2023<br>(53 weeks)', 1, ''), ('2022<br>(52 weeks)', 1, ''), ('2021<br>(52 weeks)', 1, '')]])
rows = [
    R('Sales', sales, ['Revenues'], dollar=True),
    Hd('Operating expenses', cls=''),
    R('Merchandise costs, including advertising, warehousing, and\ntransportation expense, excluding items shown separately\nbelow', mc, ['CostOfRevenue'], ind=1),
    R('Operating, general and administrative', oga, ind=1),
    R('Rent', rent, ind=1),
    R('Depreciation and amortization', da, ['DepreciationDepletionAndAmortization'], ind=1),
    R('Operating profit', op, ['OperatingIncomeLoss'], cls='sub'),
    Hd('Other income (expense)', cls=''),
    R('Interest expense', ie, [('InterestExpense', {'flip': True})], ind=1),
    R('Non-service component of company-sponsored pension plan benefits', pen, ind=1),
    R('Net earnings before income tax expense', ebt, cls='sub'),
    R('Income tax expense', tax, ['IncomeTaxExpenseBenefit']),
    R('Net earnings including noncontrolling interests', ne, cls='sub'),
    R('Net (loss) income attributable to noncontrolling interests', nci),
    R('Net earnings attributable to Pinecrest Grocers, Inc.', nep, [('NetIncomeLoss', {'alt': ne})], cls='tot', dollar=True),
]
shs = [402, 409, 416]
d.pages.append(f'''<p class="t0">PINECREST GROCERS, INC.</p><p class="t1">CONSOLIDATED STATEMENTS OF OPERATIONS</p>
<p class="t2">Years Ended February 3, 2024, January 28, 2023 and January 29, 2022<br>(In millions, except per share amounts)</p>
{d.table(Y, rows, 1, hy, label_w='58%')}
<table class="st"><colgroup><col style="width:58%">{'<col class="sigc"><col class="numc">' * 3}</colgroup>
<tr class="sp"><td></td></tr><tr><td>Net earnings attributable to Pinecrest Grocers, Inc. per basic common share</td>{''.join(f'<td class="sig">$</td><td class="num">{nep[i] / shs[i]:.2f}</td>' for i in range(3))}</tr>
<tr><td>Average number of common shares used in basic calculation</td>{''.join(f'<td class="sig"></td><td class="num">{v}</td>' for v in shs)}</tr>
<tr><td>Dividends declared per common share</td>{''.join(f'<td class="sig">$</td><td class="num">{v}</td>' for v in ['0.42', '0.38', '0.35'])}</tr></table>
<p class="fn">The accompanying notes are an integral part of the consolidated financial statements.</p><p class="pg">A-42</p>''')
for i, c in enumerate(Y):
    d.derive('GrossProfit', c, sales[i] - mc[i], '(derived) sales - merchandise costs', 1)
    d.check(f'{c.end} operating profit = sales - merchandise costs - OG&A - rent - D&A', op[i], sales[i] - mc[i] - oga[i] - rent[i] - da[i])
    d.check(f'{c.end} net earnings attributable = pre-tax - tax - NCI', nep[i], ebt[i] - tax[i] - nci[i])

cash = [1018, 884]; sdt = [412, 398]; rec = [1606, 1522]; fifo = [4918, 4702]; lifo = [-1112, -1018]
inv = add(fifo, lifo); ppd = [388, 352]
ca = add(cash, sdt, rec, inv, ppd)
ppe = [12906, 12418]; ola = [3118, 3205]; intg = [402, 418]; gw = [1612, 1612]; oa = [604, 588]
ta = add(ca, ppe, ola, intg, gw, oa)
cpd = [612, 418]; col = [498, 486]; tap = [4418, 4206]; asw = [812, 788]; ocl = [1906, 1802]
cl = add(cpd, col, tap, asw, ocl)
ltd = [4906, 5204]; ncol = [2806, 2918]; dit = [612, 588]; pen_ = [318, 342]; oll = [704, 688]
tl = add(cl, ltd, ncol, dit, pen_, oll)
te = sub(ta, tl); ncib = [-14, -10]; pe = sub(te, ncib)
cs = [118, 118]; apic = [3906, 3812]; aoci = [-402, -418]; tsy = [-12406, -12118]
ae = sub(pe, add(cs, apic, aoci, tsy))
hb = thead(d, [[('2023', 1, ''), ('2022', 1, '')]])
rows = [
    Hd('ASSETS'), Hd('Current assets', cls=''),
    R('Cash and temporary cash investments', cash, ['CashAndCashEquivalentsAtCarryingValue'], dollar=True, ind=1),
    R('Store deposits in-transit', sdt, ind=1), R('Receivables', rec, ['AccountsReceivableNetCurrent'], ind=1),
    R('FIFO inventory', fifo, ind=1), R('LIFO reserve', lifo, ind=1),
    R('Total inventories', inv, ['InventoryNet'], cls='sub', ind=2),
    R('Prepaid and other current assets', ppd, ind=1),
    R('Total current assets', ca, ['AssetsCurrent'], cls='sub', ind=2),
    R('Property, plant and equipment, net', ppe), R('Operating lease assets', ola), R('Intangibles, net', intg), R('Goodwill', gw), R('Other assets', oa),
    R('Total Assets', ta, ['Assets'], cls='tot', dollar=True),
    Hd('LIABILITIES'), Hd('Current liabilities', cls=''),
    R('Current portion of long-term debt', cpd, ['LongTermDebtCurrent'], dollar=True, ind=1),
    R('Current portion of operating lease liabilities', col, ind=1),
    R('Trade accounts payable', tap, ['AccountsPayableCurrent'], ind=1), R('Accrued salaries and wages', asw, ind=1), R('Other current liabilities', ocl, ind=1),
    R('Total current liabilities', cl, ['LiabilitiesCurrent'], cls='sub', ind=2),
    R('Long-term debt', ltd, ['LongTermDebtNoncurrent']), R('Noncurrent operating lease liabilities', ncol), R('Deferred income taxes', dit),
    R('Pension and postretirement benefit obligations', pen_), R('Other long-term liabilities', oll),
    R('Total Liabilities', tl, ['Liabilities'], cls='sub'),
    Hd('SHAREOWNERS\u2019 EQUITY'),
    R('Common shares, $1 par, 118 shares issued', cs, ind=1), R('Additional paid-in capital', apic, ind=1),
    R('Accumulated other comprehensive loss', aoci, ind=1), R('Accumulated earnings', ae, ind=1), R('Common shares in treasury, at cost', tsy, ind=1),
    R('Total Shareowners\u2019 Equity \u2014 Pinecrest Grocers, Inc.', pe, [('StockholdersEquity', {'alt': te})], cls='sub', ind=2),
    R('Noncontrolling interests', ncib, ind=1),
    R('Total Equity', te, cls='sub'),
    R('Total Liabilities and Equity', ta, ['LiabilitiesAndStockholdersEquity'], cls='tot', dollar=True),
]
d.pages.append(f'''<p class="t0">PINECREST GROCERS, INC.</p><p class="t1">CONSOLIDATED BALANCE SHEETS</p>
<p class="t2">As of February 3, 2024 and January 28, 2023<br>(In millions, except par amounts)</p>{d.table(B, rows, 2, hb, label_w='66%')}<p class="pg">A-41</p>''')
for i, c in enumerate(B):
    d.check(f'{c.end} total inventories = FIFO - LIFO reserve', inv[i], fifo[i] + lifo[i])
    d.check(f'{c.end} total current assets', ca[i], cash[i] + sdt[i] + rec[i] + inv[i] + ppd[i])
    d.check(f'{c.end} total current liabilities', cl[i], cpd[i] + col[i] + tap[i] + asw[i] + ocl[i])
    d.check(f'{c.end} total assets = total liabilities + parent equity + NCI', ta[i], tl[i] + pe[i] + ncib[i])

lc = [94, 162, 88]; sc = [112, 106, 98]; dtx = [24, -18, 12]
w = dict(sd=[-14, -8, 6], rc=[-84, -112, -41], iv=[-188, -378, -192], pp=[-36, -12, 4], ap=[212, 264, 148], ac=[24, 31, -18], ot=[18, -44, 22])
cfo = add(ne, da, lc, sc, dtx, *w.values())
capex = [-1506, -1318, -1206]; sale = [48, 36, 62]; oinv = [-12, -18, -9]
cfi = add(capex, sale, oinv)
iss = [0, 600, 0]; pay = [-418, -712, -506]; div = [-165, -152, -140]; stk = [62, 54, 48]
cend = [1018, 884, 702]; beg = [884, 702, 815]
tp = [None] * 3
for i in range(3):
    tp[i] = (cend[i] - beg[i]) - (cfo[i] + cfi[i] + iss[i] + pay[i] + div[i] + stk[i])
assert all(x < 0 for x in tp), tp
cff = add(iss, pay, div, tp, stk)
net = add(cfo, cfi, cff); end = add(beg, net)
assert end == cend
rows = [
    Hd('Cash Flows from Operating Activities:'),
    R('Net earnings including noncontrolling interests', ne, dollar=True, ind=1),
    R('Adjustments to reconcile net earnings including noncontrolling interests to net cash provided by operating activities:', None, ind=1),
    R('Depreciation and amortization', da, ['DepreciationDepletionAndAmortization'], ind=2),
    R('LIFO charge', lc, ind=2), R('Stock-based employee compensation', sc, ind=2), R('Deferred income taxes', dtx, ind=2),
    R('Changes in operating assets and liabilities, net of effects from mergers of businesses:', None, ind=1),
    R('Store deposits in-transit', w['sd'], ind=2), R('Receivables', w['rc'], ind=2), R('Inventories', w['iv'], ind=2),
    R('Prepaid and other current assets', w['pp'], ind=2), R('Trade accounts payable', w['ap'], ind=2),
    R('Accrued expenses', w['ac'], ind=2), R('Other', w['ot'], ind=2),
    R('Net cash provided by operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    Hd('Cash Flows from Investing Activities:'),
    R('Payments for property and equipment, including payments for lease buyouts', capex, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})], ind=1),
    R('Proceeds from sale of assets', sale, ind=1), R('Other', oinv, ind=1),
    R('Net cash used by investing activities', cfi, cls='sub'),
    Hd('Cash Flows from Financing Activities:'),
    R('Proceeds from issuance of long-term debt', iss, ind=1),
    R('Payments on long-term debt including obligations under finance leases', pay, [('RepaymentsOfDebt', {'flip': True})], ind=1),
    R('Dividends paid', div, ind=1), R('Treasury stock purchases', tp, ind=1), R('Proceeds from issuance of capital stock', stk, ind=1),
    R('Net cash used by financing activities', cff, cls='sub'),
    R('Net increase (decrease) in cash and temporary cash investments', net, cls='sub'),
    Hd('Cash and temporary cash investments:', cls=''),
    R('Beginning of year', beg, ind=1),
    R('End of year', end, [('CashAndCashEquivalentsAtCarryingValue', 'fact', {'cols': [0, 1], 'label': 'End of year'}),
                            ('CashAndCashEquivalentsAtCarryingValue', 'neutral', {'cols': [2], 'label': 'End of year'})], cls='tot', dollar=True, ind=1),
]
d.pages.append(f'''<p class="t0">PINECREST GROCERS, INC.</p><p class="t1">CONSOLIDATED STATEMENTS OF CASH FLOWS</p>
<p class="t2">Years Ended February 3, 2024, January 28, 2023 and January 29, 2022<br>(In millions)</p>{d.table(Y, rows, 3, hy, label_w='58%')}<p class="pg">A-44</p>''')
for i, c in enumerate(Y):
    d.check(f'{c.end} net change = operating + investing + financing', net[i], cfo[i] + cfi[i] + cff[i])
for i in range(2):
    d.check(f'{B[i].end} cash end of year = balance sheet', end[i], cash[i])
d.notes_text = ('Synthetic supermarket 10-K. Column heads give fiscal-year numbers only; the titles state the year ends: 2023 = 53 weeks ended 2024-02-03, 2022 = 52 weeks ended 2023-01-28, '
                '2021 = 52 weeks ended 2022-01-29 (all months 12). Balance-sheet columns "2023" / "2022" are 2024-02-03 and 2023-01-28. A reader that dates "2023" as 2023-12-31 is wrong. '
                'Merchandise costs = CostOfRevenue; no gross-profit line (derived) and no total operating expenses line (not derived: merchandise costs are inside "Operating expenses"). '
                'NCI is a loss in 2023 and 2022 (parent earnings above consolidated); NetIncomeLoss = attributable to Pinecrest, consolidated in altValues; equity likewise (NCI negative). '
                'Cash at 2022-01-29 (cash-flow statement only) is neutral. The cash-flow "End of year" line sits under the heading "Cash and temporary cash investments:".')
d.render()
d.write_labels('US 10-K style supermarket, 52/53-week year ending near January 31')
