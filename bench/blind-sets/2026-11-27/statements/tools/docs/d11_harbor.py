from fw import *

base = fmt_factory(decimals=2, neg='minus', zero='0.00')
def fmt(v):
    if isinstance(v, tuple):  # (value, 'CR'|'DR')
        return f'{abs(v[0]):,.2f} {v[1]}'
    return base(v)

d = Doc('harbor-lane-dental-2023-qb', 'USD', 1, css='''
@page { size: Letter; margin: 0.5in 0.6in; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 7.8pt; }
.top { display: flex; justify-content: space-between; font-size: 7.5pt; font-weight: bold }
.t1 { text-align: center; font-weight: bold; font-size: 10.5pt; margin: 0 } .t2 { text-align:center; font-weight: bold; font-size: 11pt; margin: 1px 0 } .t3 { text-align:center; font-weight: bold; margin: 0 0 10px 0 }
col.numc { width: 14%; } table.st td { padding: 0.8px 4px }
th { border-bottom: 1px solid #000; font-weight: bold; text-align: right }
tr.sub td.num { border-top: 0.6px solid #000 } tr.tot td.num { border-top: 0.6px solid #000; border-bottom: 2px double #000 }
tr.b td { font-weight: bold }
td.ind1 { padding-left: 12px } td.ind2 { padding-left: 24px } td.ind3 { padding-left: 36px }
.pg { text-align: right; font-size: 7pt; margin-top: 10px }
''', fmt=fmt, title='Harbor Lane Dental Group PLLC - Profit & Loss and Balance Sheet',
        desc='small US professional practice, accounting-software export: Profit & Loss (two years) and Balance Sheet (two dates)',
        features='USD whole dollars with cents (no scale); QuickBooks-style account numbers in labels ("4000 \u00b7 Patient Fees"); column heads "Jan - Dec 23" and "Dec 31, 23"; "Total Income", "Total COGS", "Total Expense", "Net Ordinary Income"; contra and debit balances printed with CR / DR suffixes ("6,400.00 CR", "3,118.20 DR"); leading minus elsewhere; pass-through entity (no income tax)')
Y = [Col('2023-12-31', 12), Col('2022-12-31', 12)]
B = [Col('2023-12-31'), Col('2022-12-31')]
pf = [1286402.15, 1190388.40]; ins = [942118.60, 884206.75]; oi_ = [12406.00, 9880.50]
ti = add(pf, ins, oi_)
ds = [148206.33, 139118.72]; lab = [96412.80, 90206.15]
tc = add(ds, lab); gp = sub(ti, tc)
ex = [('6000 \u00b7 Advertising and Marketing', [24118.40, 21906.00]), ('6100 \u00b7 Bank Service Charges', [3406.12, 3118.90]),
      ('6150 \u00b7 Continuing Education', [8204.00, 7410.00]), ('6200 \u00b7 Depreciation Expense', [62418.30, 58906.44]),
      ('6300 \u00b7 Insurance Expense', [31206.55, 29880.12]), ('6400 \u00b7 Payroll Expenses', [1104906.72, 1042118.30]),
      ('6500 \u00b7 Professional Fees', [18402.00, 17206.00]), ('6600 \u00b7 Rent Expense', [144000.00, 138000.00]),
      ('6700 \u00b7 Repairs and Maintenance', [12118.46, 10406.88]), ('6800 \u00b7 Utilities', [22806.19, 21118.04]),
      ('6900 \u00b7 Office Supplies', [14206.33, 13912.51])]
tex = add(*[v for _, v in ex])
noi = sub(gp, tex)
ie = [21406.88, 23118.20]; oinc = [2411.50, 906.12]
noth = sub(oinc, ie)
ni = add(noi, noth)
hy = thead(d, [[('Jan - Dec 23', 1, ''), ('Jan - Dec 22', 1, '')]])
dr = lambda xs: [(x, 'DR') if x < 0 else x for x in xs]
rows = [
    R('Ordinary Income/Expense', None, cls='b'),
    R('Income', None, ind=1, cls='b'),
    R('4000 \u00b7 Patient Fees', pf, ind=2), R('4100 \u00b7 Insurance Reimbursements', ins, ind=2), R('4900 \u00b7 Other Practice Income', oi_, ind=2),
    R('Total Income', ti, ['Revenues'], ind=1, cls='sub b'),
    R('Cost of Goods Sold', None, ind=1, cls='b'),
    R('5000 \u00b7 Dental Supplies', ds, ind=2), R('5100 \u00b7 Laboratory Fees', lab, ind=2),
    R('Total COGS', tc, ['CostOfRevenue'], ind=1, cls='sub b'),
    R('Gross Profit', gp, ['GrossProfit'], cls='b'),
    R('Expense', None, ind=1, cls='b'),
] + [R(l, v, ['DepreciationDepletionAndAmortization'] if 'Depreciation' in l else [], ind=2) for l, v in ex] + [
    R('Total Expense', tex, ['OperatingExpenses'], ind=1, cls='sub b'),
    R('Net Ordinary Income', noi, [('OperatingIncomeLoss', 'neutral', {})], cls='b'),
    R('Other Income/Expense', None, cls='b'),
    R('Other Income', None, ind=1), R('7000 \u00b7 Interest Income', oinc, ind=2), R('Total Other Income', oinc, ind=1, cls='sub'),
    R('Other Expense', None, ind=1), R('8000 \u00b7 Interest Expense', ie, ['InterestExpense'], ind=2), R('Total Other Expense', ie, ind=1, cls='sub'),
]
# Net Other Income printed with DR (it is a net expense)
rows.append(R('Net Other Income', noth, cls='b'))
rows.append(R('Net Income', ni, ['NetIncomeLoss'], cls='tot b'))
# custom formatting for Net Other Income: DR suffix
orig = d.fmt
d.fmt = lambda v: orig((v, 'DR')) if (isinstance(v, float) and v < 0 and round(v, 2) in [round(x, 2) for x in noth]) else orig(v)
d.pages.append(f'''<div class="top"><span>10:42 AM<br>02/14/24<br>Accrual Basis</span><span></span></div>
<p class="t1">Harbor Lane Dental Group, PLLC</p><p class="t2">Profit &amp; Loss</p><p class="t3">January through December 2023</p>
{d.table(Y, rows, 1, hy, label_w='60%')}<p class="pg">Page 1 of 2</p>''')
d.fmt = orig
for i, c in enumerate(Y):
    d.check(f'{c.end} gross profit = total income - total COGS', gp[i], ti[i] - tc[i])
    d.check(f'{c.end} net ordinary income = gross profit - total expense', noi[i], gp[i] - tex[i])
    d.check(f'{c.end} net income = net ordinary income + interest income - interest expense', ni[i], noi[i] + oinc[i] - ie[i])

ock = [118406.22, 96118.40]; pck = [24118.90, 21906.33]; cash = add(ock, pck)
arg = [142118.40, 131906.75]; alw = [-6400.00, -5800.00]; ar = add(arg, alw)
sup = [18406.12, 17118.60]; ppd = [9204.00, 8806.00]
tca = add(cash, ar, sup, ppd)
eq_ = [412906.18, 386118.40]; lhi = [188402.00, 188402.00]; acd = [-186412.18, -124002.00 - 0]  # acc. dep.
tfa = add(eq_, lhi, acd)
dep_check = acd[1] - acd[0]
sec = [12000.00, 12000.00]
tas = add(tca, tfa, sec)
ap = [38406.55, 35118.90]; cc = [6118.42, 5206.77]; prl = [41206.30, 38118.12]; elc = [46000.00, 43000.00]
tcl = add(ap, cc, prl, elc)
eln = [112000.00, 158000.00]
tll = eln[:]
tl = add(tcl, tll)
te = sub(tas, tl)
cap = [150000.00, 150000.00]; draws = [-420000.00, -395000.00]
re_ = sub(te, add(cap, draws, [ni[0], ni[1]]))
hb = thead(d, [[('Dec 31, 23', 1, ''), ('Dec 31, 22', 1, '')]])
cr_ = lambda xs: [(x, 'CR') for x in xs]
rows = [
    R('ASSETS', None, cls='b'), R('Current Assets', None, ind=1, cls='b'), R('Checking/Savings', None, ind=2),
    R('1000 \u00b7 Operating Checking', ock, ind=3), R('1010 \u00b7 Payroll Checking', pck, ind=3),
    R('Total Checking/Savings', cash, ['CashAndCashEquivalentsAtCarryingValue'], ind=2, cls='sub'),
    R('Accounts Receivable', None, ind=2),
    R('1200 \u00b7 Accounts Receivable', arg, ind=3), R('1210 \u00b7 Allowance for Doubtful Accounts', cr_(alw), ind=3),
    R('Total Accounts Receivable', ar, ['AccountsReceivableNetCurrent'], ind=2, cls='sub'),
    R('Other Current Assets', None, ind=2),
    R('1300 \u00b7 Supply Inventory', sup, ['InventoryNet'], ind=3), R('1400 \u00b7 Prepaid Expenses', ppd, ind=3),
    R('Total Other Current Assets', add(sup, ppd), ind=2, cls='sub'),
    R('Total Current Assets', tca, ['AssetsCurrent'], ind=1, cls='sub b'),
    R('Fixed Assets', None, ind=1, cls='b'),
    R('1500 \u00b7 Dental Equipment', eq_, ind=2), R('1510 \u00b7 Leasehold Improvements', lhi, ind=2), R('1590 \u00b7 Accumulated Depreciation', cr_(acd), ind=2),
    R('Total Fixed Assets', tfa, ind=1, cls='sub b'),
    R('Other Assets', None, ind=1), R('1800 \u00b7 Security Deposits', sec, ind=2),
    R('TOTAL ASSETS', tas, ['Assets'], cls='tot b'),
    R('LIABILITIES & EQUITY', None, cls='b'), R('Liabilities', None, ind=1, cls='b'), R('Current Liabilities', None, ind=2),
    R('Accounts Payable', None, ind=3), R('2000 \u00b7 Accounts Payable', ap, ['AccountsPayableCurrent'], ind=3),
    R('Total Accounts Payable', ap, ind=3, cls='sub'),
    R('Credit Cards', None, ind=3), R('2050 \u00b7 Business Visa', cc, ind=3),
    R('Other Current Liabilities', None, ind=3), R('2100 \u00b7 Payroll Liabilities', prl, ind=3),
    R('2300 \u00b7 Equipment Loan - Current Portion', elc, ['LongTermDebtCurrent'], ind=3),
    R('Total Current Liabilities', tcl, ['LiabilitiesCurrent'], ind=2, cls='sub b'),
    R('Long Term Liabilities', None, ind=2), R('2700 \u00b7 Equipment Loan', eln, ['LongTermDebtNoncurrent'], ind=3),
    R('Total Long Term Liabilities', tll, ind=2, cls='sub'),
    R('Total Liabilities', tl, ['Liabilities'], ind=1, cls='sub b'),
    R('Equity', None, ind=1, cls='b'),
    R('3000 \u00b7 Members\u2019 Capital', cap, ind=2), R('3100 \u00b7 Member Draws', [(x, 'DR') for x in draws], ind=2),
    R('3900 \u00b7 Retained Earnings', re_, ind=2), R('Net Income', [ni[0], ni[1]], ind=2),
    R('Total Equity', te, ['StockholdersEquity'], ind=1, cls='sub b'),
    R('TOTAL LIABILITIES & EQUITY', tas, ['LiabilitiesAndStockholdersEquity'], cls='tot b'),
]
# rows with tuple values: table() needs numeric v for tags; tuples only on untagged rows
d.pages.append(f'''<div class="top"><span>10:44 AM<br>02/14/24<br>Accrual Basis</span><span></span></div>
<p class="t1">Harbor Lane Dental Group, PLLC</p><p class="t2">Balance Sheet</p><p class="t3">As of December 31, 2023</p>
{d.table(B, rows, 2, hb, label_w='60%')}<p class="pg">Page 1 of 1</p>''')
for i, c in enumerate(B):
    d.check(f'{c.end} total checking/savings', cash[i], ock[i] + pck[i])
    d.check(f'{c.end} total accounts receivable = gross - allowance (CR)', ar[i], arg[i] + alw[i])
    d.check(f'{c.end} total current assets', tca[i], cash[i] + ar[i] + sup[i] + ppd[i])
    d.check(f'{c.end} total current liabilities', tcl[i], ap[i] + cc[i] + prl[i] + elc[i])
    d.check(f'{c.end} total assets = total liabilities + total equity', tas[i], tl[i] + te[i])
d.notes_text = ('Synthetic accounting-software export (whole dollars with cents, scale 1). Contra balances and debit balances in equity are printed with CR / DR suffixes '
                '(Allowance for Doubtful Accounts, Accumulated Depreciation, Member Draws, Net Other Income); none of those lines is a vocabulary concept. '
                '"Total Expense" is the printed total of operating expenses (includes depreciation; interest is under Other Expense) -> OperatingExpenses. '
                '"Net Ordinary Income" is neutral for OperatingIncomeLoss. Pass-through entity: no income tax line. The 2022 net income on the balance sheet is inside equity. '
                'Depreciation Expense (6200) is the D&A fact. The accumulated-depreciation movement (62,410.18) differs from depreciation expense (62,418.30) by a small disposal; not a footing error.')
d.render()
d.write_labels('QuickBooks-style P&L and balance sheet export')
