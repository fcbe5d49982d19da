from fw import *

d = Doc('tasman-ridge-resources-fy2024', 'AUD', 1000, css='''
@page { size: A4; margin: 18mm 18mm; }
body { font-family: "Noto Sans", sans-serif; font-size: 8.4pt; color:#222 }
.hdr { display:flex; justify-content: space-between; font-size: 8pt; color: #666; border-bottom: 0.6px solid #999; margin-bottom: 10px; padding-bottom: 3px }
h1 { font-size: 11.5pt; margin: 0 0 2px 0; font-weight: bold } .per { margin: 0 0 10px 0; color: #444 }
col.numc { width: 13%; } col.notec { width: 6% }
table.st td { padding: 1.6px 5px } th { font-weight: bold; }
tr.hd td.lab { font-weight: bold; padding-top: 5px }
tr.sub td.num { border-top: 0.6px solid #222 } tr.tot td.num { border-top: 0.6px solid #222; border-bottom: 0.6px solid #222 } tr.tot td { font-weight: bold }
.dd p { font-size: 9.5pt; text-align: justify; line-height: 1.4 }
.ft { font-size: 7.5pt; color:#666; margin-top: 10px }
''', fmt=fmt_factory(neg='paren', zero='-'), notes=True, title='Tasman Ridge Resources Limited Annual Report 2024',
        desc='Australian listed miner (AASB/IFRS): profit or loss and OCI, financial position, cash flows (direct method), directors\' declaration',
        features='AUD thousands stated as "$\'000" in the column heads ("Consolidated" over them); year ended 30 June; "Revenue from contracts with customers"; "Finance costs"; NCI listed before owners in the attribution; hyphen for zero; "Trade and other receivables" / "Trade and other payables"; "Borrowings" current (dash in prior year) and non-current; "Net assets"; direct-method cash flow (no D&A); directors\' declaration page (no facts)')
Y = [Col('2024-06-30', 12), Col('2023-06-30', 12)]
B = [Col('2024-06-30'), Col('2023-06-30')]
d.extra_note_head = 'Note'
hdr = '<div class="hdr"><span>Tasman Ridge Resources Limited</span><span>{}</span></div>'
h = thead(d, [[('Consolidated', 2, 'span')], [('2024', 1, ''), ('2023', 1, '')], [("$'000", 1, ''), ("$'000", 1, '')]])
rev = [612406, 548118]; cos = [-402118, -371906]; gp = add(rev, cos)
oi = [4118, 2906]; exw = [-6402, -3118]; adm = [-28906, -26402]; oth = [-3118, -2204]; fc = [-12406, -13918]
pbt = add(gp, oi, exw, adm, oth, fc); tax = [-49072, -40043]; pat = add(pbt, tax)
fx = [1206, -804]; tci = add(pat, fx)
nci = [6118, 4906]; own = sub(pat, nci)
ncic = [6118, 4906]; ownc = sub(tci, ncic)
rows = [
    R('Revenue from contracts with customers', rev, ['Revenues'], note='4'),
    R('Cost of sales', cos, [('CostOfRevenue', {'flip': True})], note='5'),
    R('Gross profit', gp, ['GrossProfit'], cls='sub'),
    R('Other income', oi), R('Exploration expenditure written off', exw, note='13'), R('Administration expenses', adm), R('Other expenses', oth),
    R('Finance costs', fc, [('InterestExpense', {'flip': True})], note='6'),
    R('Profit before income tax expense', pbt, cls='sub'),
    R('Income tax expense', tax, [('IncomeTaxExpenseBenefit', {'flip': True})], note='7'),
    R('Profit after income tax expense for the year', pat, cls='sub'),
    Hd('Other comprehensive income'),
    R('Items that may be reclassified subsequently to profit or loss', None),
    R('Foreign currency translation', fx, ind=1),
    R('Total comprehensive income for the year', tci, cls='tot'),
    Hd('Profit for the year is attributable to:'),
    R('Non-controlling interest', nci), R('Owners of Tasman Ridge Resources Limited', own, [('NetIncomeLoss', {'alt': pat})]),
    R('', pat, cls='tot'),
    Hd('Total comprehensive income for the year is attributable to:'),
    R('Non-controlling interest', ncic), R('Owners of Tasman Ridge Resources Limited', ownc),
    R('', tci, cls='tot'),
]
d.pages.append(hdr.format('Consolidated statement of profit or loss and other comprehensive income') +
               f'<h1>Consolidated statement of profit or loss and other comprehensive income</h1><p class="per">For the year ended 30 June 2024</p>{d.table(Y, rows, 1, h, label_w="60%")}'
               '<p class="ft">The above statement should be read in conjunction with the accompanying notes.</p>')
for i, c in enumerate(Y):
    d.check(f'{c.end} gross profit = revenue - cost of sales', gp[i], rev[i] + cos[i])
    d.check(f'{c.end} profit before tax = gross profit + other income - exploration - admin - other - finance costs', pbt[i], gp[i] + oi[i] + exw[i] + adm[i] + oth[i] + fc[i])
    d.check(f'{c.end} profit after tax = NCI + owners', pat[i], nci[i] + own[i])

# cash flow
rc = [668118, 598406]; ps = [-472906, -436118]; ir = [1118, 606]; ip = [-11906, -13402]; itp = [-38118, -31906]
cfo = add(rc, ps, ir, ip, itp)
ppe_p = [-54118, -49906]; md = [-22406, -19118]; ex_ = [-10118, -7906]; disp = [1206, 406]
cfi = add(ppe_p, md, ex_, disp)
pb = [0, 20000]; rb = [-20000, -30000]; rl = [-4118, -3906]; dn = [-1206, -906]
cash = [88406, 61204]; beg = [61204, 58118]; fxe = [406, -206]
dv = [None, None]
for i in range(2):
    dv[i] = (cash[i] - beg[i] - fxe[i]) - (cfo[i] + cfi[i] + pb[i] + rb[i] + rl[i] + dn[i])
assert all(x < 0 for x in dv), dv
cff = add(pb, rb, rl, dv, dn)
net = add(cfo, cfi, cff); end = add(beg, net, fxe)
assert end == cash

tor = [42118, 38906]; inv = [51206, 46118]; oca = [3118, 2806]
ca = add(cash, tor, inv, oca)
ppe = [318406, 296118]; mp = [142906, 131204]; ee = [38118, 34402]; rou = [12118, 13906]; dta = [0, 1204]
nca = add(ppe, mp, ee, rou, dta); ta = add(ca, nca)
tp = [48906, 44118]; cb = [20000, 0]; cll = [3906, 3712]; itx = [18406, 12118]; cpv = [9118, 8406]
cl = add(tp, cb, cll, itx, cpv)
nb = [90000, 130000]; nll = [9118, 11024]; dtl = [22406, 18118]; npv = [31206, 28904]
ncl = add(nb, nll, dtl, npv); tl = add(cl, ncl); na = sub(ta, tl)
ncib = [28118, 23206]; oe = sub(na, ncib); ic = [240000, 240000]; rs = [3118, 1912]; rp = sub(oe, add(ic, rs))
hb = h
rows = [
    Hd('Assets'), Hd('Current assets', cls='hd'),
    R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue'], note='8'),
    R('Trade and other receivables', tor, ['AccountsReceivableNetCurrent'], note='9'),
    R('Inventories', inv, ['InventoryNet'], note='10'), R('Other', oca),
    R('Total current assets', ca, ['AssetsCurrent'], cls='sub'),
    Hd('Non-current assets', cls='hd'),
    R('Property, plant and equipment', ppe, note='11'), R('Mine properties', mp, note='12'), R('Exploration and evaluation', ee, note='13'),
    R('Right-of-use assets', rou), R('Deferred tax', dta),
    R('Total non-current assets', nca, cls='sub'),
    R('Total assets', ta, ['Assets'], cls='sub'),
    Hd('Liabilities'), Hd('Current liabilities', cls='hd'),
    R('Trade and other payables', tp, [('AccountsPayableCurrent', 'neutral', {})], note='14'),
    R('Borrowings', cb, [('LongTermDebtCurrent', 'fact', {'cols': [0]}), ('LongTermDebtCurrent', 'neutral', {'cols': [1]})], note='15'), R('Lease liabilities', cll), R('Income tax', itx), R('Provisions', cpv, note='16'),
    R('Total current liabilities', cl, ['LiabilitiesCurrent'], cls='sub'),
    Hd('Non-current liabilities', cls='hd'),
    R('Borrowings', nb, ['LongTermDebtNoncurrent'], note='15'), R('Lease liabilities', nll), R('Deferred tax', dtl), R('Provisions', npv, note='16'),
    R('Total non-current liabilities', ncl, cls='sub'),
    R('Total liabilities', tl, ['Liabilities'], cls='sub'),
    R('Net assets', na, cls='tot'),
    Hd('Equity'),
    R('Issued capital', ic, note='17'), R('Reserves', rs), R('Retained profits', rp),
    R('Equity attributable to the owners of Tasman Ridge Resources Limited', oe, [('StockholdersEquity', {'alt': na})], cls='sub'),
    R('Non-controlling interest', ncib),
    R('Total equity', na, cls='tot'),
]
d.pages.append(hdr.format('Consolidated statement of financial position') +
               f'<h1>Consolidated statement of financial position</h1><p class="per">As at 30 June 2024</p>{d.table(B, rows, 2, hb, label_w="60%")}'
               '<p class="ft">The above statement should be read in conjunction with the accompanying notes.</p>')
for i, c in enumerate(B):
    d.derive('LiabilitiesAndStockholdersEquity', c, tl[i] + na[i], '(derived) total liabilities + total equity', 2)
    d.check(f'{c.end} total current assets', ca[i], cash[i] + tor[i] + inv[i] + oca[i])
    d.check(f'{c.end} total current liabilities', cl[i], tp[i] + cb[i] + cll[i] + itx[i] + cpv[i])
    d.check(f'{c.end} net assets = total assets - total liabilities = total equity', na[i], ta[i] - tl[i])
rows = [
    Hd('Cash flows from operating activities'),
    R('Receipts from customers (inclusive of GST)', rc), R('Payments to suppliers and employees (inclusive of GST)', ps),
    R('Interest received', ir), R('Interest and other finance costs paid', ip), R('Income taxes paid', itp),
    R('Net cash from operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub', note='27'),
    Hd('Cash flows from investing activities'),
    R('Payments for property, plant and equipment', ppe_p, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})]),
    R('Payments for mine development', md), R('Payments for exploration and evaluation', ex_), R('Proceeds from disposal of property, plant and equipment', disp),
    R('Net cash used in investing activities', cfi, cls='sub'),
    Hd('Cash flows from financing activities'),
    R('Proceeds from borrowings', pb), R('Repayment of borrowings', rb, [('RepaymentsOfDebt', {'flip': True})]), R('Repayment of lease liabilities', rl),
    R('Dividends paid', dv, note='19'), R('Dividends paid to non-controlling interest', dn),
    R('Net cash used in financing activities', cff, cls='sub'),
    R('Net increase in cash and cash equivalents', net, cls='sub'),
    R('Cash and cash equivalents at the beginning of the financial year', beg),
    R('Effects of exchange rate changes on cash and cash equivalents', fxe),
    R('Cash and cash equivalents at the end of the financial year', end, ['CashAndCashEquivalentsAtCarryingValue'], cls='tot', note='8'),
]
d.pages.append(hdr.format('Consolidated statement of cash flows') +
               f'<h1>Consolidated statement of cash flows</h1><p class="per">For the year ended 30 June 2024</p>{d.table(Y, rows, 3, h, label_w="60%")}'
               '<p class="ft">The above statement should be read in conjunction with the accompanying notes.</p>')
for i, c in enumerate(Y):
    d.check(f'{c.end} net cash from operating activities', cfo[i], rc[i] + ps[i] + ir[i] + ip[i] + itp[i])
    d.check(f'{c.end} cash at end = beginning + net increase + FX = balance sheet cash', end[i], cash[i])
d.pages.append(hdr.format("Directors' declaration") + '''<h1>Directors\u2019 declaration</h1><div class="dd"><p>In the directors\u2019 opinion:</p>
<p>\u2022 the attached financial statements and notes comply with the Corporations Act 2001, the Accounting Standards, the Corporations Regulations 2001 and other mandatory professional reporting requirements;</p>
<p>\u2022 the attached financial statements and notes comply with International Financial Reporting Standards as issued by the International Accounting Standards Board as described in note 2 to the financial statements;</p>
<p>\u2022 the attached financial statements and notes give a true and fair view of the consolidated entity\u2019s financial position as at 30 June 2024 and of its performance for the financial year ended on that date; and</p>
<p>\u2022 there are reasonable grounds to believe that the company will be able to pay its debts as and when they become due and payable.</p>
<p>The directors have been given the declarations required by section 295A of the Corporations Act 2001.</p>
<p>Signed in accordance with a resolution of directors made pursuant to section 295(5)(a) of the Corporations Act 2001.</p>
<p>On behalf of the directors</p><p>M. Kowalczyk<br>Chair</p><p>26 August 2024<br>Perth</p></div>''')
d.notes_text = ('Synthetic Australian annual report, AUD thousands ("$\'000" column heads under "Consolidated"). No operating-profit line (not derived: other income and exploration write-offs are mixed in). '
                'NetIncomeLoss = profit attributable to owners (NCI is listed first); profit after tax in altValues; equity attributable to owners with total equity in altValues. '
                '"Trade and other payables" is neutral for AccountsPayableCurrent (mixes accruals); "Trade and other receivables" is labelled AccountsReceivableNetCurrent. '
                'Current borrowings are a dash at 30 June 2023: that zero is neutral (as the development set treats a dash). Direct-method cash flow: no D&A anywhere. Finance costs = InterestExpense. '
                'No "Total liabilities and equity" line (derived). Page 4 is the directors\' declaration (no figures).')
d.render()
d.write_labels('Australian listed miner, AUD thousands')
