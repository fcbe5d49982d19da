from fw import *

d = Doc('lumiere-distribution-2023-ifrs', 'EUR', 1000, css='''
@page { size: A4; margin: 16mm 16mm; }
body { font-family: "C059", "Noto Serif", serif; font-size: 9.3pt; }
h1 { font-size: 12pt; font-variant: small-caps; margin: 0; border-bottom: 2px solid #7a1f3d; padding-bottom: 2px }
.u { font-size: 8.5pt; font-style: italic; margin: 3px 0 8px 0 }
col.numc { width: 13%; } col.notec { width: 6% }
table.st td { padding: 1.6px 5px } tr:nth-child(even) td { background: #f4eef0 }
tr.sub td { font-weight: bold } tr.tot td { font-weight: bold; border-top: 1px solid #7a1f3d; border-bottom: 1px solid #7a1f3d }
h2 { font-size: 10.5pt; margin: 16px 0 2px 0; font-variant: small-caps; color:#7a1f3d }
.fn { font-size: 7.8pt; margin-top: 6px }
''', fmt=fmt_factory(th=' ', neg='paren', zero='-'), notes=True, title='Lumiere Distribution SA - comptes consolides 2023',
        desc='French listed group (IFRS, English version): income statement and cash flows on page 1, balance sheet on page 2',
        features='EUR thousands "(in thousands of euros)"; space thousands separator 259 964; costs in parentheses; "Revenue\u00b9" footnote mark; "Gross margin"; "Current operating income" before "Operating income"; "Cost of net financial debt" (neutral); "Depreciation, amortisation and provisions" (neutral); two statements on one page; Notes column; dates 31/12/2023')
Y = [Col('2023-12-31', 12), Col('2022-12-31', 12)]
B = [Col('2023-12-31'), Col('2022-12-31')]
rev = [259964, 241387]; cos = [-158402, -148106]; gm = add(rev, cos)
sm = [-52118, -49004]; ga = [-21906, -20715]
coi = add(gm, sm, ga)
ooie = [-2410, 615]
oi = add(coi, ooie)
cnfd = [-3114, -2687]; ofin = [-402, -311]
pbt = add(oi, cnfd, ofin)
tax = [-5704, -5506]
ni_all = add(pbt, tax)
nci = [496, 483]; gs = sub(ni_all, nci)
h = thead(d, [[('2023', 1, ''), ('2022', 1, '')]])
rows = [
    R('Revenue\u00b9', rev, ['Revenues'], note='4'),
    R('Cost of sales', cos, [('CostOfRevenue', {'flip': True})]),
    R('Gross margin', gm, ['GrossProfit'], cls='sub'),
    R('Selling and marketing expenses', sm), R('General and administrative expenses', ga),
    R('Current operating income', coi, [('OperatingIncomeLoss', 'neutral', {})], cls='sub'),
    R('Other operating income and expenses', ooie, note='5'),
    R('Operating income', oi, ['OperatingIncomeLoss'], cls='sub'),
    R('Cost of net financial debt', cnfd, [('InterestExpense', 'neutral', {'flip': True})], note='6'),
    R('Other financial income and expenses', ofin),
    R('Income before tax', pbt, cls='sub'),
    R('Income tax', tax, [('IncomeTaxExpenseBenefit', {'flip': True})], note='7'),
    R('Net income', ni_all, cls='tot'),
    R('of which Group share', gs, [('NetIncomeLoss', {'alt': ni_all})], ind=1),
    R('of which non-controlling interests', nci, ind=1),
]
# neutral for current operating income conflicts with fact key? neutral dict is separate -> fine
p1 = [f'<h1>Consolidated income statement</h1><p class="u">Year ended 31 December — (in thousands of euros)</p>{d.table(Y, rows, 1, h, label_w="60%")}'
      '<p class="fn">\u00b9 Revenue includes sales of goods and services net of discounts and rebates; see note 4 for revenue by segment.</p>']
for i, c in enumerate(Y):
    d.check(f'{c.end} gross margin = revenue - cost of sales', gm[i], rev[i] + cos[i])
    d.check(f'{c.end} operating income = gross margin - S&M - G&A + other operating items', oi[i], gm[i] + sm[i] + ga[i] + ooie[i])
    d.check(f'{c.end} net income = operating income + financial items - tax; group share + NCI', ni_all[i], gs[i] + nci[i])

dap = [14106, 13402]; wc = [-3418, -1206]; taxp = [-5907, -5122]; onc = [402, 311]; cnf = [3114, 2687]
cfo = add(ni_all, dap, neg(tax), cnf, onc, wc, taxp)
# note: tax expense added back, tax paid deducted; cost of net financial debt added back, interest paid in financing
capx = [-9880, -8706]; capi = [-1402, -1318]; disp = [288, 406]
cfi = add(capx, capi, disp)
nb = [0, 5000]; rb = [-6500, -6000]; rl = [-4210, -4006]; ip = [-3114, -2687]
cash = [22487, 19033]; beg = [19033, 17215]
dv = [None, None]
for i in range(2):
    dv[i] = (cash[i] - beg[i]) - (cfo[i] + cfi[i] + nb[i] + rb[i] + rl[i] + ip[i])
assert all(x < 0 for x in dv), dv
cff = add(nb, rb, rl, ip, dv)
net = add(cfo, cfi, cff); end = add(beg, net)
rows = [
    R('Net income', ni_all),
    R('Depreciation, amortisation and provisions', dap, [('DepreciationDepletionAndAmortization', 'neutral', {})]),
    R('Income tax expense', neg(tax)), R('Cost of net financial debt', cnf), R('Other non-cash items', onc),
    R('Change in working capital requirement', wc, note='8'), R('Income tax paid', taxp),
    R('Net cash from operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    R('Acquisitions of property, plant and equipment', capx, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})]),
    R('Acquisitions of intangible assets', capi), R('Proceeds from disposals of assets', disp),
    R('Net cash used in investing activities', cfi, cls='sub'),
    R('New borrowings', nb), R('Repayment of borrowings', rb, [('RepaymentsOfDebt', {'flip': True})], note='10'),
    R('Repayment of lease liabilities', rl), R('Interest paid', ip), R('Dividends paid', dv),
    R('Net cash used in financing activities', cff, cls='sub'),
    R('Change in net cash', net, cls='sub'),
    R('Cash and cash equivalents at 1 January', beg),
    R('Cash and cash equivalents at 31 December', end, ['CashAndCashEquivalentsAtCarryingValue'], cls='tot'),
]
p1.append(f'<h2>Consolidated statement of cash flows</h2><p class="u">Year ended 31 December — (in thousands of euros)</p>{d.table(Y, rows, 1, h, label_w="60%")}')
d.pages.append(''.join(p1))
for i, c in enumerate(Y):
    d.check(f'{c.end} cash at 31 December = 1 January + change = balance sheet cash', end[i], cash[i])

gw = [48215, 48215]; intg = [6902, 7118]; ppe = [41377, 39806]; rou = [18204, 19655]; nfa = [2118, 2005]; dta = [1902, 2110]
nca = add(gw, intg, ppe, rou, nfa, dta)
inv = [44118, 41902]; tr = [38206, 35514]; orc = [6410, 5998]
ca = add(inv, tr, orc, cash); ta = add(nca, ca)
ltb = [52000, 58500]; lln = [14907, 16310]; prv = [3205, 3118]; dtl = [1410, 1377]
ncl = add(ltb, lln, prv, dtl)
stb = [6500, 6500]; llc = [4012, 3880]; tp = [41906, 39407]; tsl = [12118, 11504]; ocl = [7206, 6815]
cl = add(stb, llc, tp, tsl, ocl)
te = sub(ta, add(ncl, cl)); ncib = [2418, 2106]; ge = sub(te, ncib)
sc = [12000, 12000]; sp = [24500, 24500]; rre = sub(ge, add(sc, sp, gs))
hb = thead(d, [[('31/12/2023', 1, ''), ('31/12/2022', 1, '')]])
rows = [
    Hd('Assets'),
    R('Goodwill', gw, note='9'), R('Intangible assets', intg), R('Property, plant and equipment', ppe), R('Right-of-use assets', rou),
    R('Non-current financial assets', nfa), R('Deferred tax assets', dta),
    R('Non-current assets', nca, cls='sub'),
    R('Inventories', inv, ['InventoryNet'], note='11'), R('Trade receivables', tr, ['AccountsReceivableNetCurrent'], note='12'),
    R('Other receivables', orc), R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue'], note='13'),
    R('Current assets', ca, ['AssetsCurrent'], cls='sub'),
    R('Total assets', ta, ['Assets'], cls='tot'),
    R('', None, cls='sp'),
    Hd('Equity and liabilities'),
    R('Share capital', sc), R('Share premium', sp), R('Consolidated reserves', rre), R('Net income, Group share', gs),
    R('Equity, Group share', ge, [('StockholdersEquity', {'alt': te})], cls='sub'),
    R('Non-controlling interests', ncib),
    R('Total equity', te, cls='sub'),
    R('Long-term borrowings', ltb, ['LongTermDebtNoncurrent'], note='10'), R('Lease liabilities, non-current', lln),
    R('Provisions', prv), R('Deferred tax liabilities', dtl),
    R('Non-current liabilities', ncl, cls='sub'),
    R('Current portion of borrowings', stb, ['LongTermDebtCurrent'], note='10'), R('Lease liabilities, current', llc),
    R('Trade payables', tp, ['AccountsPayableCurrent']), R('Tax and social security liabilities', tsl), R('Other current liabilities', ocl),
    R('Current liabilities', cl, ['LiabilitiesCurrent'], cls='sub'),
    R('Total equity and liabilities', ta, ['LiabilitiesAndStockholdersEquity'], cls='tot'),
]
d.pages.append(f'<h1>Consolidated balance sheet</h1><p class="u">(in thousands of euros)</p>{d.table(B, rows, 2, hb, label_w="60%")}')
for i, c in enumerate(B):
    d.derive('Liabilities', c, ncl[i] + cl[i], '(derived) non-current + current liabilities', 2)
    d.check(f'{c.end} current assets', ca[i], inv[i] + tr[i] + orc[i] + cash[i])
    d.check(f'{c.end} total assets = equity + non-current + current liabilities', ta[i], te[i] + ncl[i] + cl[i])
d.notes_text = ('Synthetic French group accounts in EUR thousands with space thousands separators. NetIncomeLoss = Group share (net income incl. NCI in altValues); '
                'StockholdersEquity = Equity, Group share (total equity in altValues). "Current operating income" (before other operating income and expenses) '
                'is neutral for OperatingIncomeLoss; "Operating income" is the fact. "Cost of net financial debt" is interest net of cash income: neutral, not InterestExpense. '
                '"Depreciation, amortisation and provisions" mixes in provisions: neutral. Capex is PP&E only (intangibles on their own line). No total-liabilities line (derived). '
                'The income statement and the cash-flow statement share page 1.')
d.render()
d.write_labels('French IFRS group, EUR thousands, space separators')
