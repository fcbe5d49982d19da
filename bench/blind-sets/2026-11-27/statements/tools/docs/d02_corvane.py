from fw import *

d = Doc('corvane-systems-fy2024-10k', 'USD', 1000, css='''
body { font-family: "Liberation Sans", Arial, sans-serif; font-size: 8.6pt; }
.co { font-weight:bold; font-size:10pt; margin:0; text-align:center }
.ti { font-weight:bold; margin:2px 0; text-align:center; text-transform: uppercase; }
.sc { margin: 0 0 8px 0; text-align:center; }
col.numc { width: 10.5%; } col.sigc { width: 1.6%; }
.pgno { text-align:center; margin-top: 18px; font-size: 8pt; }
.aud p { text-align: justify; font-size: 9.5pt; line-height: 1.35; }
.aud h2 { font-size: 11pt; text-align:center }
tr.tot td.num { border-bottom: 2px double #000; }
''', fmt=fmt_factory(neg='paren', zero='—'), sigcell=True, title='Corvane Systems 10-K 2024',
        desc='US 10-K: auditor\'s report page, then operations, balance sheet and cash flows; 52/53-week fiscal years ending on the Saturday nearest September 30',
        features='USD thousands; auditor\'s report page first (no facts); 52/53-week years ended Sept 28 2024 / Sept 30 2023 / Oct 1 2022 in two-line column heads; costs printed positive under "Costs and expenses:" with an unlabelled total; unlabelled total current liabilities; no gross-profit or operating-expense total line (derived); "$" in own cell')
Y = [Col('2024-09-28', 12), Col('2023-09-30', 12), Col('2022-10-01', 12)]
B = [Col('2024-09-28'), Col('2023-09-30')]
aud = '''<div class="aud"><h2>REPORT OF INDEPENDENT REGISTERED PUBLIC ACCOUNTING FIRM</h2>
<p>To the Stockholders and the Board of Directors of Corvane Systems, Inc.</p>
<p><b>Opinion on the Financial Statements</b></p>
<p>We have audited the accompanying consolidated balance sheets of Corvane Systems, Inc. (the Company) as of September 28, 2024 and September 30, 2023, the related consolidated statements of operations, comprehensive income, stockholders\u2019 equity and cash flows for each of the three fiscal years in the period ended September 28, 2024, and the related notes (collectively referred to as the \u201cconsolidated financial statements\u201d). In our opinion, the consolidated financial statements present fairly, in all material respects, the financial position of the Company at September 28, 2024 and September 30, 2023, and the results of its operations and its cash flows for each of the three fiscal years in the period ended September 28, 2024, in conformity with U.S. generally accepted accounting principles.</p>
<p>We also have audited, in accordance with the standards of the Public Company Accounting Oversight Board (United States) (PCAOB), the Company\u2019s internal control over financial reporting as of September 28, 2024, based on criteria established in Internal Control\u2014Integrated Framework (2013) issued by the Committee of Sponsoring Organizations of the Treadway Commission, and our report dated November 19, 2024 expressed an unqualified opinion thereon.</p>
<p><b>Basis for Opinion</b></p>
<p>These financial statements are the responsibility of the Company\u2019s management. Our responsibility is to express an opinion on the Company\u2019s financial statements based on our audits. We are a public accounting firm registered with the PCAOB and are required to be independent with respect to the Company in accordance with the U.S. federal securities laws and the applicable rules and regulations of the Securities and Exchange Commission and the PCAOB.</p>
<p>We conducted our audits in accordance with the standards of the PCAOB. Those standards require that we plan and perform the audit to obtain reasonable assurance about whether the financial statements are free of material misstatement, whether due to error or fraud. Our audits included performing procedures to assess the risks of material misstatement of the financial statements, whether due to error or fraud, and performing procedures that respond to those risks. We believe that our audits provide a reasonable basis for our opinion.</p>
<p><b>Critical Audit Matter \u2014 Revenue recognition for multiple-element arrangements</b></p>
<p>As described in Note 2, the Company enters into arrangements that include hardware, software licenses and post-contract support. Auditing the allocation of the transaction price required significant judgment. We tested controls over the process and, for a sample of contracts, evaluated the standalone selling prices used.</p>
<p>/s/ Marsh &amp; Pellham LLP</p><p>We have served as the Company\u2019s auditor since 2011.<br>San Jose, California<br>November 19, 2024</p></div>
<p class="pgno">52</p>'''
d.pages.append(aud)

rev = [4812306, 4406115, 3987540]
cor = [2743015, 2555547, 2352649]
rd = [612488, 571204, 522913]
sga = [734902, 688410, 640277]
am = [48120, 51300, 39655]
tce = add(cor, rd, sga, am)
oi = sub(rev, tce)
ie = [-61844, -58210, -42335]
oth = [12207, 8944, 3118]
pbt = add(oi, ie, oth)
tax = [-131070, -98078, -74638]
ni = add(pbt, tax)

def hy(doc):
    return thead(doc, [[('Fiscal Years Ended', 3, 'span')], [('September 28,', 1, ''), ('September 30,', 1, ''), ('October 1,', 1, '')],
                       [('2024', 1, ''), ('2023', 1, ''), ('2022', 1, '')]])
rows = [
    R('Net revenue', rev, ['Revenues'], dollar=True),
    Hd('Costs and expenses:', cls=''),
    R('Cost of revenue', cor, ['CostOfRevenue'], ind=1),
    R('Research and development', rd, ind=1),
    R('Selling, general and administrative', sga, ind=1),
    R('Amortization of acquired intangible assets', am, ind=1),
    R('', tce, [('OperatingExpenses', 'neutral', {'label': '(unlabelled total of costs and expenses)'})], cls='sub'),
    R('Operating income', oi, ['OperatingIncomeLoss']),
    R('Interest expense', ie, [('InterestExpense', {'flip': True})]),
    R('Other income, net', oth),
    R('Income before income taxes', pbt, cls='sub'),
    R('Provision for income taxes', tax, [('IncomeTaxExpenseBenefit', {'flip': True})]),
    R('Net income', ni, ['NetIncomeLoss'], cls='tot', dollar=True),
    R('', None, cls='sp'),
    Hd('Net income per share:', cls=''),
]
fe = fmt_factory(decimals=2)
shb = [71842, 72615, 73120]; shd = [72910, 73580, 74302]
p = f'''<p class="co">CORVANE SYSTEMS, INC.</p><p class="ti">Consolidated Statements of Operations</p>
<p class="sc">(In thousands, except per share data)</p>
{d.table(Y, rows, 2, hy(d), label_w='57%')}
<table class="st"><colgroup><col style="width:57%"><col class="sigc"><col class="numc"><col class="sigc"><col class="numc"><col class="sigc"><col class="numc"></colgroup>
<tr><td class="lab ind1">Basic</td>{''.join(f'<td class="sig">$</td><td class="num">{fe(ni[i]/shb[i])}</td>' for i in range(3))}</tr>
<tr><td class="lab ind1">Diluted</td>{''.join(f'<td class="sig">$</td><td class="num">{fe(ni[i]/shd[i])}</td>' for i in range(3))}</tr>
<tr><td class="lab">Shares used in computing net income per share:</td></tr>
<tr><td class="lab ind1">Basic</td>{''.join(f'<td class="sig"></td><td class="num">{v:,}</td>' for v in shb)}</tr>
<tr><td class="lab ind1">Diluted</td>{''.join(f'<td class="sig"></td><td class="num">{v:,}</td>' for v in shd)}</tr>
</table><p class="sc" style="margin-top:14px">See accompanying notes.</p><p class="pgno">53</p>'''
d.pages.append(p)
for i, c in enumerate(Y):
    d.derive('GrossProfit', c, rev[i] - cor[i], '(derived) net revenue - cost of revenue', 2)
    d.derive('OperatingExpenses', c, rd[i] + sga[i] + am[i], '(derived) R&D + SG&A + amortization', 2)
    d.check(f'{c.end} unlabelled total = cost of revenue + R&D + SG&A + amortization', tce[i], cor[i] + rd[i] + sga[i] + am[i])
    d.check(f'{c.end} operating income = net revenue - unlabelled total', oi[i], rev[i] - tce[i])
    d.check(f'{c.end} net income = operating income - interest + other - tax', ni[i], oi[i] + ie[i] + oth[i] + tax[i])

cash = [812455, 644201]; sti = [230118, 198540]; ar = [701336, 655872]; inv = [588940, 612305]; ppd = [96212, 88417]
ca = add(cash, sti, ar, inv, ppd)
ppe = [512877, 486120]; rou = [88410, 94233]; gw = [1204556, 1204556]; intg = [301225, 349345]; dta = [45118, 41902]; oa = [37990, 33615]
ta = add(ca, ppe, rou, gw, intg, dta, oa)
ap = [402118, 433760]; acc = [151207, 139884]; dr = [188345, 172019]; cp = [50000, 50000]; oal = [97661, 90128]
cl = add(ap, acc, dr, cp, oal)
ltd = [1137450, 1186220]; oll = [76905, 83112]; oltl = [112340, 104877]
tl = add(cl, ltd, oll, oltl)
cs = [1122604, 1068990]; re_ = [1318712, 1105638]; aoci = [-38105, -25522]
se = add(cs, re_, aoci)
tle = add(tl, se)
assert tle == ta, (tle, ta)
hb = thead(d, [[('September 28,', 1, ''), ('September 30,', 1, '')], [('2024', 1, ''), ('2023', 1, '')]])
rows = [
    Hd('ASSETS'),
    Hd('Current assets:', cls=''),
    R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue'], dollar=True, ind=1),
    R('Short-term investments', sti, ind=1),
    R('Accounts receivable, net', ar, ['AccountsReceivableNetCurrent'], ind=1),
    R('Inventories', inv, ['InventoryNet'], ind=1),
    R('Prepaid expenses and other current assets', ppd, ind=1),
    R('Total current assets', ca, ['AssetsCurrent'], cls='sub', ind=2),
    R('Property and equipment, net', ppe),
    R('Operating lease right-of-use assets', rou),
    R('Goodwill', gw),
    R('Intangible assets, net', intg),
    R('Deferred tax assets', dta),
    R('Other assets', oa),
    R('Total assets', ta, ['Assets'], cls='tot', dollar=True),
    R('', None, cls='sp'),
    Hd('LIABILITIES AND STOCKHOLDERS\u2019 EQUITY'),
    Hd('Current liabilities:', cls=''),
    R('Accounts payable', ap, ['AccountsPayableCurrent'], dollar=True, ind=1),
    R('Accrued compensation and benefits', acc, ind=1),
    R('Deferred revenue', dr, ind=1),
    R('Current portion of long-term debt', cp, ['LongTermDebtCurrent'], ind=1),
    R('Other accrued liabilities', oal, ind=1),
    R('', cl, [('LiabilitiesCurrent', {'label': '(unlabelled subtotal of current liabilities)'})], cls='sub'),
    R('Long-term debt, net of current portion', ltd, ['LongTermDebtNoncurrent']),
    R('Long-term operating lease liabilities', oll),
    R('Other long-term liabilities', oltl),
    R('Total liabilities', tl, ['Liabilities'], cls='sub'),
    R('Commitments and contingencies (Note 12)', None),
    Hd('Stockholders\u2019 equity:', cls=''),
    R('Preferred stock, $0.001 par value; 5,000 shares authorized; none issued', [0, 0], ind=1),
    R('Common stock and additional paid-in capital, $0.001 par value; 300,000 shares authorized; 71,506 and 72,233 shares outstanding', cs, ind=1),
    R('Retained earnings', re_, ind=1),
    R('Accumulated other comprehensive loss', aoci, ind=1),
    R('Total stockholders\u2019 equity', se, ['StockholdersEquity'], cls='sub'),
    R('Total liabilities and stockholders\u2019 equity', tle, ['LiabilitiesAndStockholdersEquity'], cls='tot', dollar=True),
]
d.pages.append(f'''<p class="co">CORVANE SYSTEMS, INC.</p><p class="ti">Consolidated Balance Sheets</p>
<p class="sc">(In thousands, except par value)</p>{d.table(B, rows, 3, hb, label_w='68%')}<p class="pgno">54</p>''')
for i, c in enumerate(B):
    d.check(f'{c.end} total current assets', ca[i], cash[i] + sti[i] + ar[i] + inv[i] + ppd[i])
    d.check(f'{c.end} unlabelled current liabilities = sum of lines', cl[i], ap[i] + acc[i] + dr[i] + cp[i] + oal[i])
    d.check(f'{c.end} total assets = total liabilities + equity', ta[i], tl[i] + se[i])

da = [168420, 159877, 141302]; sbc = [88105, 79440, 70118]; dtx = [-3216, -7904, 2551]
war = [-45464, -61230, -48775]; winv = [23365, -40118, -88420]; wap = [-31642, 28905, 41200]; wdr = [16326, 12877, 9540]; wo = [4880, -6113, 3224]
cfo = add(ni, da, sbc, dtx, war, winv, wap, wdr, wo)
capex = [-171203, -150448, -132990]; pinv = [-240000, -210000, -150000]; minv = [208422, 185000, 120000]; acq = [0, 0, -412500]
cfi = add(capex, pinv, minv, acq)
rep = [-50000, -50000, -25000]; prc = [0, 0, 500000]; divs = [-120000, -110000, -100000]; esp = [21400, 18300, 16900]
fx = [-2811, 1507, -4222]
beg2022 = 401350
# plug repurchases so that cash ends match
endc = [cash[0], cash[1], None]
c2022_end = 644201 - 0  # placeholder computed below
# choose 2022 repurchases -150000 then derive end-2022 cash; 2023 and 2024 repurchases plugged
rp = [None, None, -150000]
base = add(cfo, cfi, rep, prc, divs, esp, fx)
end22 = beg2022 + base[2] + rp[2]
rp[1] = cash[1] - end22 - base[1]
rp[0] = cash[0] - cash[1] - base[0]
cff = add(rep, prc, rp, divs, esp)
net = add(cfo, cfi, cff, fx)
beg = [cash[1], end22, beg2022]
end = add(beg, net)
assert end[:2] == cash and all(x < 0 for x in rp), (end, rp)
rows = [
    Hd('Operating activities'),
    R('Net income', ni, ['NetIncomeLoss'], dollar=True, ind=1),
    R('Adjustments to reconcile net income to net cash provided by operating activities:', None, ind=1),
    R('Depreciation and amortization', da, ['DepreciationDepletionAndAmortization'], ind=2),
    R('Stock-based compensation', sbc, ind=2),
    R('Deferred income taxes', dtx, ind=2),
    R('Changes in operating assets and liabilities:', None, ind=1),
    R('Accounts receivable', war, ind=2), R('Inventories', winv, ind=2), R('Accounts payable', wap, ind=2),
    R('Deferred revenue', wdr, ind=2), R('Other assets and liabilities', wo, ind=2),
    R('Net cash provided by operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    Hd('Investing activities'),
    R('Purchases of property and equipment', capex, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})], ind=1),
    R('Purchases of investments', pinv, ind=1), R('Maturities of investments', minv, ind=1),
    R('Acquisition of business, net of cash acquired', acq, ind=1),
    R('Net cash used in investing activities', cfi, cls='sub'),
    Hd('Financing activities'),
    R('Proceeds from term loan', prc, ind=1),
    R('Repayment of term loan', rep, [('RepaymentsOfDebt', {'flip': True})], ind=1),
    R('Repurchases of common stock', rp, ind=1),
    R('Dividends paid', divs, ind=1),
    R('Proceeds from employee stock plans', esp, ind=1),
    R('Net cash (used in) provided by financing activities', cff, cls='sub'),
    R('Effect of exchange rate changes on cash', fx),
    R('Net increase in cash and cash equivalents', net, cls='sub'),
    R('Cash and cash equivalents at beginning of year', beg),
    R('Cash and cash equivalents at end of year', end, [('CashAndCashEquivalentsAtCarryingValue', 'fact', {'cols': [0, 1]}),
                                                        ('CashAndCashEquivalentsAtCarryingValue', 'neutral', {'cols': [2]})], cls='tot', dollar=True),
]
d.pages.append(f'''<p class="co">CORVANE SYSTEMS, INC.</p><p class="ti">Consolidated Statements of Cash Flows</p>
<p class="sc">(In thousands)</p>{d.table(Y, rows, 4, hy(d), label_w='57%')}<p class="pgno">56</p>''')
for i, c in enumerate(Y):
    d.check(f'{c.end} net change = operating + investing + financing + FX', net[i], cfo[i] + cfi[i] + cff[i] + fx[i])
for i in range(2):
    d.check(f'{B[i].end} cash end of year = balance sheet cash', end[i], cash[i])
d.notes_text = ('Synthetic. 52/53-week fiscal years ending on the Saturday nearest September 30 (2024-09-28, 2023-09-30, 2022-10-01), all 52 weeks -> months 12. '
                'Page 1 is the auditor\'s report (no facts). Costs and expenses are printed as positive amounts followed by an unlabelled total that '
                'includes cost of revenue: that total is neutral for OperatingExpenses; OperatingExpenses (R&D + SG&A + amortization) and GrossProfit are derived. '
                'Total current liabilities is an unlabelled subtotal (fact). Cash at 2022-10-01 appears only on the cash-flow statement (neutral).')
d.render()
d.write_labels('US 10-K style, 52/53-week fiscal year')
