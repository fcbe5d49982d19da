from fw import *

d = Doc('ashcombe-joinery-2024-uk-small', 'GBP', 1, css='''
@page { size: A4; margin: 25mm 22mm; }
body { font-family: "FreeSerif", "Liberation Serif", serif; font-size: 10.5pt; }
.cov { text-align: center; padding-top: 180px } .cov .rn { font-size: 10pt; margin-bottom: 120px } .cov .nm { font-size: 20pt; font-weight: bold; letter-spacing: 1px }
.cov .sub { font-size: 13pt; margin-top: 30px } .cov .yr { font-size: 12pt; margin-top: 8px }
h1 { font-size: 12pt; text-align: center; margin: 0 } h2 { font-size: 11pt; text-align: center; margin: 2px 0 16px 0; font-weight: normal; text-transform: uppercase }
col.numc { width: 11.5%; } col.notec { width: 7% }
table.st td { padding: 2.5px 5px } th { font-weight: bold; text-align: right }
tr.sub td.num { border-top: 0.8px solid #000 } tr.tot td.num { border-top: 0.8px solid #000; border-bottom: 2px double #000 }
td.inner { } tr.under td.num.inner { border-bottom: 0.8px solid #000 }
.small { font-size: 9pt; text-align: justify; margin-top: 14px } .pg { text-align: center; font-size: 9pt; margin-top: 26px }
.nt h3 { font-size: 10.5pt; margin: 14px 0 4px 0 } .nt table td { padding: 2px 8px } .nt td.r { text-align: right }
''', fmt=fmt_factory(neg='paren', zero='-'), notes=True, title='Ashcombe Joinery Limited - Financial Statements 31 March 2024',
        desc='UK small private company accounts as filed at Companies House: cover, profit and loss account, balance sheet with inner and total columns, notes',
        features='GBP whole pounds; "year ended 31 March 2024" only in the titles, column heads "2024 / 2023" with "£"; Note column; Turnover, Cost of sales, Gross profit, Administrative expenses, Operating profit; balance sheet with four numeric columns (inner and total per year); unlabelled current-assets subtotal; "Creditors: amounts falling due within one year" in parentheses; Net current assets; Capital and reserves; cover page and notes page (no facts)')
Y = [Col('2024-03-31', 12), Col('2023-03-31', 12)]
B = [Col('2024-03-31'), Col('2023-03-31')]
d.extra_note_head = 'Note'
d.pages.append('''<div class="cov"><div class="rn">Registered number: 08812345</div><div class="nm">ASHCOMBE JOINERY LIMITED</div>
<div class="sub">UNAUDITED FINANCIAL STATEMENTS</div><div class="yr">FOR THE YEAR ENDED 31 MARCH 2024</div></div>''')
to = [2418306, 2205917]; cos = [-1602118, -1478204]; gp = add(to, cos)
adm = [-598402, -551306]; ooi = [12500, 8000]; op = add(gp, adm, ooi)
ip = [-18204, -21118]; pbt = add(op, ip); tax = [-53021, -31025]; pft = add(pbt, tax)
h = thead(d, [[('2024', 1, ''), ('2023', 1, '')], [('£', 1, ''), ('£', 1, '')]])
rows = [
    R('Turnover', to, ['Revenues'], note='3'),
    R('Cost of sales', cos, [('CostOfRevenue', {'flip': True})]),
    R('Gross profit', gp, ['GrossProfit'], cls='sub'),
    R('Administrative expenses', adm, [('OperatingExpenses', 'derived', {'flip': True})]),
    R('Other operating income', ooi),
    R('Operating profit', op, ['OperatingIncomeLoss'], cls='sub', note='4'),
    R('Interest payable and similar expenses', ip, [('InterestExpense', {'flip': True})]),
    R('Profit before taxation', pbt, cls='sub'),
    R('Tax on profit', tax, [('IncomeTaxExpenseBenefit', {'flip': True})]),
    R('Profit for the financial year', pft, ['NetIncomeLoss'], cls='tot'),
]
d.pages.append(f'''<h1>ASHCOMBE JOINERY LIMITED</h1><h2>Profit and loss account<br>for the year ended 31 March 2024</h2>
{d.table(Y, rows, 2, h, label_w='56%')}<p class="small">There were no recognised gains and losses for 2024 or 2023 other than those included in the profit and loss account.</p>
<p class="small">The notes on pages 4 form part of these financial statements.</p><p class="pg">Page 2</p>''')
for i, c in enumerate(Y):
    d.check(f'{c.end} gross profit = turnover - cost of sales', gp[i], to[i] + cos[i])
    d.check(f'{c.end} operating profit = gross profit - administrative expenses + other operating income', op[i], gp[i] + adm[i] + ooi[i])
    d.check(f'{c.end} profit for the financial year = operating profit - interest - tax', pft[i], op[i] + ip[i] + tax[i])

d.inner_total = True
ta_ = [412118, 398406]; stk = [186204, 171905]; dbt = [402118, 366207]; cash = [98406, 61118]
ca = add(stk, dbt, cash)
cr1 = [-418206, -392511]
nca = add(ca, cr1)
talcl = add(ta_, nca)
cr2 = [-120000, -160000]; dtx = [-38406, -32018]
na = add(talcl, cr2, dtx)
shc = [100, 100]; pl = sub(na, shc)
hb = thead(d, [[('2024', 1, 'c'), ('2023', 1, 'c')]]).replace('</thead>', sub_th(d, ['£', '£', '£', '£']) + '</thead>')
rows = [
    Hd('Fixed assets', cls='hd'),
    R('Tangible assets', ta_, note='5'),
    R('', None, cls='sp'),
    Hd('Current assets', cls='hd'),
    R('Stocks', stk, ['InventoryNet'], inner=True),
    R('Debtors', dbt, ['AccountsReceivableNetCurrent'], inner=True, note='6'),
    R('Cash at bank and in hand', cash, ['CashAndCashEquivalentsAtCarryingValue'], inner=True),
    R('', ca, [('AssetsCurrent', 'derived', {'label': '(unlabelled subtotal)'})], inner=True, cls='sub'),
    R('Creditors: amounts falling due within one year', cr1, [('LiabilitiesCurrent', {'flip': True})], inner=True, note='7'),
    R('Net current assets', nca, cls='sub'),
    R('Total assets less current liabilities', talcl, cls='sub'),
    R('Creditors: amounts falling due after more than one year', cr2, [('LongTermDebtNoncurrent', 'neutral', {'flip': True})], note='8'),
    R('Provisions for liabilities', None),
    R('Deferred tax', dtx, ind=1),
    R('Net assets', na, cls='tot'),
    R('', None, cls='sp'),
    Hd('Capital and reserves', cls='hd'),
    R('Called up share capital', shc),
    R('Profit and loss account', pl),
    R("Shareholders' funds", na, ['StockholdersEquity'], cls='tot'),
]
d.pages.append(f'''<h1>ASHCOMBE JOINERY LIMITED</h1><h2>Balance sheet<br>as at 31 March 2024</h2>
{d.table(B, rows, 3, hb, label_w='44%', colw='11%')}
<p class="small">For the year ending 31 March 2024 the company was entitled to exemption from audit under section 477 of the Companies Act 2006 relating to small companies. The members have not required the company to obtain an audit of its accounts for the year in question in accordance with section 476. The directors acknowledge their responsibilities for complying with the requirements of the Act with respect to accounting records and the preparation of accounts.</p>
<p class="small">These accounts have been prepared in accordance with the provisions applicable to companies subject to the small companies regime and in accordance with FRS 102 Section 1A. The financial statements were approved by the board of directors and authorised for issue on 12 September 2024 and are signed on its behalf by:</p>
<p class="small">R. J. Ashcombe<br>Director<br>Company registration number: 08812345</p><p class="pg">Page 3</p>''')
for i, c in enumerate(B):
    d.derive('Assets', c, ta_[i] + ca[i], '(derived) fixed assets + current assets', 3)
    d.derive('Liabilities', c, -(cr1[i] + cr2[i] + dtx[i]), '(derived) creditors within and after one year + deferred tax provision', 3)
    d.check(f'{c.end} current assets (unlabelled) = stocks + debtors + cash', ca[i], stk[i] + dbt[i] + cash[i])
    d.check(f'{c.end} net current assets = current assets - creditors within one year', nca[i], ca[i] + cr1[i])
    d.check(f'{c.end} net assets = TALCL - creditors after one year - provisions', na[i], talcl[i] + cr2[i] + dtx[i])
    d.check(f'{c.end} shareholders\' funds = share capital + profit and loss account = net assets', shc[i] + pl[i], na[i])
d.inner_total = False
f = d.fmt
d.pages.append(f'''<h1>ASHCOMBE JOINERY LIMITED</h1><h2>Notes to the financial statements<br>for the year ended 31 March 2024</h2><div class="nt">
<h3>1. General information</h3><p class="small" style="margin-top:0">The company is a private company limited by shares, registered in England and Wales. The registered office is Unit 4, Mill Lane Industrial Estate, Ashcombe, Devon EX7 0QT.</p>
<h3>2. Accounting policies</h3><p class="small" style="margin-top:0">Turnover represents amounts receivable for goods and services net of VAT. Stocks are valued at the lower of cost and estimated selling price less costs to complete and sell. Tangible assets are depreciated on a straight-line basis: plant and machinery 15%, motor vehicles 25%.</p>
<h3>4. Operating profit</h3><table><tr><td></td><td class="r">2024 £</td><td class="r">2023 £</td></tr>
<tr><td>Depreciation of tangible assets</td><td class="r">{f(61204)}</td><td class="r">{f(58890)}</td></tr>
<tr><td>Average number of employees</td><td class="r">31</td><td class="r">29</td></tr></table>
<h3>7. Creditors: amounts falling due within one year</h3><table><tr><td></td><td class="r">2024 £</td><td class="r">2023 £</td></tr>
<tr><td>Bank loans and overdrafts</td><td class="r">{f(40000)}</td><td class="r">{f(40000)}</td></tr>
<tr><td>Trade creditors</td><td class="r">{f(212406)}</td><td class="r">{f(198117)}</td></tr>
<tr><td>Corporation tax</td><td class="r">{f(53021)}</td><td class="r">{f(31025)}</td></tr>
<tr><td>Other taxation and social security</td><td class="r">{f(64118)}</td><td class="r">{f(70204)}</td></tr>
<tr><td>Accruals and deferred income</td><td class="r">{f(48661)}</td><td class="r">{f(53165)}</td></tr>
<tr><td></td><td class="r"><b>{f(-cr1[0])}</b></td><td class="r"><b>{f(-cr1[1])}</b></td></tr></table>
<h3>8. Creditors: amounts falling due after more than one year</h3><table><tr><td></td><td class="r">2024 £</td><td class="r">2023 £</td></tr>
<tr><td>Bank loans</td><td class="r">{f(120000)}</td><td class="r">{f(160000)}</td></tr></table>
<p class="small">The bank loan is secured by a fixed and floating charge over the assets of the company and is repayable in quarterly instalments of £10,000.</p></div><p class="pg">Page 4</p>''')
assert 40000 + 212406 + 53021 + 64118 + 48661 == -cr1[0] and 40000 + 198117 + 31025 + 70204 + 53165 == -cr1[1]
d.notes_text = ('Synthetic UK small-company (FRS 102 1A) accounts in whole pounds. Period stated only in the titles ("for the year ended 31 March 2024"); columns headed 2024 / 2023. '
                'UK conventions as in the development set: Turnover = Revenues, Stocks = InventoryNet, Debtors = AccountsReceivableNetCurrent, Creditors within one year = LiabilitiesCurrent '
                '(printed in parentheses, altValues negative), Shareholders\' funds = StockholdersEquity; administrative expenses, the unlabelled current-assets subtotal, total assets and total '
                'liabilities are derived. "Creditors: amounts falling due after more than one year" (all bank loans per note 8) is neutral for LongTermDebtNoncurrent. '
                'Page 1 is a cover, page 4 notes: note figures (trade creditors, depreciation, bank loans) are not facts. Balance sheet has inner and total columns per year.')
d.render()
d.write_labels('UK Companies House small company, whole pounds')
