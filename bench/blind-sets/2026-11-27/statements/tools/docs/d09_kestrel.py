from fw import *

d = Doc('kestrel-freight-2023-uk-15m', 'GBP', 1000, css='''
@page { size: A4; margin: 20mm 20mm; }
body { font-family: "Noto Sans", "Liberation Sans", sans-serif; font-size: 9.2pt; }
h1 { font-size: 11pt; margin: 0 } h2 { font-size: 10pt; margin: 2px 0 14px 0; font-weight: normal }
col.numc { width: 17%; } col.notec { width: 6% }
table.st td { padding: 2.4px 5px } th { font-weight: bold; font-size: 8.6pt }
tr.sub td.num { border-top: 0.7px solid #000 } tr.tot td.num { border-top: 0.7px solid #000; border-bottom: 2px double #000 }
.pg { font-size: 8pt; text-align: right; margin-top: 20px; color: #444 }
''', fmt=fmt_factory(neg='paren', zero='-'), notes=True, title='Kestrel Freight Services Ltd annual report 2023',
        desc='UK medium-sized company accounts for an extended 15-month period: income statement, balance sheet, cash flows',
        features='GBP thousands stated only in the column heads ("£000"); a 15-month period (1 October 2022 to 31 December 2023) against a 12-month prior year ended 30 September 2022, columns of unequal length; distribution costs and administrative expenses; unlabelled current-assets subtotal; cash-flow statement starting from operating profit; Note column')
P = [Col('2023-12-31', 15), Col('2022-09-30', 12)]
B = [Col('2023-12-31'), Col('2022-09-30')]
d.extra_note_head = 'Note'
hp = thead(d, [[('15 months ended<br>31 December 2023', 1, ''), ('Year ended<br>30 September 2022', 1, '')], [('£000', 1, ''), ('£000', 1, '')]])
to = [58412, 44106]; cos = [-46207, -35018]; gp = add(to, cos)
dc = [-3418, -2610]; ad = [-5906, -4412]; op = add(gp, dc, ad)
ir = [42, 8]; ipay = [-512, -318]; pbt = add(op, ir, ipay); tax = [-603, -334]; pf = add(pbt, tax)
rows = [
    R('Turnover', to, ['Revenues'], note='4'),
    R('Cost of sales', cos, [('CostOfRevenue', {'flip': True})]),
    R('Gross profit', gp, ['GrossProfit'], cls='sub'),
    R('Distribution costs', dc), R('Administrative expenses', ad),
    R('Operating profit', op, ['OperatingIncomeLoss'], cls='sub', note='5'),
    R('Interest receivable and similar income', ir),
    R('Interest payable and similar expenses', ipay, [('InterestExpense', {'flip': True})], note='7'),
    R('Profit before taxation', pbt, cls='sub'),
    R('Tax on profit', tax, [('IncomeTaxExpenseBenefit', {'flip': True})], note='8'),
    R('Profit for the financial period', pf, ['NetIncomeLoss'], cls='tot'),
]
d.pages.append(f'''<h1>KESTREL FREIGHT SERVICES LIMITED</h1><h2>Statement of comprehensive income for the period ended 31 December 2023</h2>
{d.table(P, rows, 1, hp, label_w='52%')}
<p style="font-size:8.6pt;margin-top:14px">The company extended its accounting reference date from 30 September to 31 December; accordingly the current financial statements cover the 15 months from 1 October 2022 to 31 December 2023 and the comparative amounts are not entirely comparable. All amounts relate to continuing operations. There was no other comprehensive income for either period.</p><p class="pg">9</p>''')
for i, c in enumerate(P):
    d.derive('OperatingExpenses', c, -(dc[i] + ad[i]), '(derived) distribution costs + administrative expenses', 1)
    d.check(f'{c.end} ({c.months}m) gross profit = turnover - cost of sales', gp[i], to[i] + cos[i])
    d.check(f'{c.end} ({c.months}m) operating profit = gross profit - distribution - administrative', op[i], gp[i] + dc[i] + ad[i])
    d.check(f'{c.end} ({c.months}m) profit = operating profit + interest receivable - interest payable - tax', pf[i], op[i] + ir[i] + ipay[i] + tax[i])

tfa = [14206, 12118]; stk = [412, 388]; dbt = [9806, 7412]; cash = [2118, 1406]
ca = add(stk, dbt, cash); cr1 = [-9726, -7118]; nca = add(ca, cr1); talcl = add(tfa, nca)
cr2 = [-4200, -3600]; prov = [-1106, -904]; na = add(talcl, cr2, prov)
shc = [500, 500]; pl = sub(na, shc)
assert na[0] - na[1] == pf[0]
hb = thead(d, [[('31 December<br>2023', 1, ''), ('30 September<br>2022', 1, '')], [('£000', 1, ''), ('£000', 1, '')]])
rows = [
    Hd('Fixed assets'), R('Tangible assets', tfa, note='10'),
    Hd('Current assets'),
    R('Stocks', stk, ['InventoryNet'], ind=1), R('Debtors', dbt, ['AccountsReceivableNetCurrent'], ind=1, note='11'),
    R('Cash at bank and in hand', cash, ['CashAndCashEquivalentsAtCarryingValue'], ind=1),
    R('', ca, [('AssetsCurrent', 'derived', {'label': '(unlabelled subtotal)'})], cls='sub'),
    R('Creditors: amounts falling due within one year', cr1, [('LiabilitiesCurrent', {'flip': True})], note='12'),
    R('Net current assets', nca, cls='sub'),
    R('Total assets less current liabilities', talcl, cls='sub'),
    R('Creditors: amounts falling due after more than one year', cr2, [('LongTermDebtNoncurrent', 'neutral', {'flip': True})], note='13'),
    R('Provisions for liabilities', prov, note='14'),
    R('Net assets', na, cls='tot'),
    Hd('Capital and reserves'),
    R('Called up share capital', shc, ind=1), R('Profit and loss account', pl, ind=1),
    R('Total equity', na, ['StockholdersEquity'], cls='tot'),
]
d.pages.append(f'''<h1>KESTREL FREIGHT SERVICES LIMITED</h1><h2>Balance sheet as at 31 December 2023<br>Company number 04419273</h2>
{d.table(B, rows, 2, hb, label_w='52%')}
<p style="font-size:8.6pt;margin-top:14px">The financial statements were approved and authorised for issue by the board on 21 May 2024 and were signed on its behalf by P. Okafor, Director.</p><p class="pg">10</p>''')
for i, c in enumerate(B):
    d.derive('Assets', c, tfa[i] + ca[i], '(derived) fixed assets + current assets', 2)
    d.derive('Liabilities', c, -(cr1[i] + cr2[i] + prov[i]), '(derived) creditors + provisions', 2)
    d.check(f'{c.end} current assets = stocks + debtors + cash', ca[i], stk[i] + dbt[i] + cash[i])
    d.check(f'{c.end} net assets = fixed + current - creditors - provisions', na[i], tfa[i] + ca[i] + cr1[i] + cr2[i] + prov[i])
    d.check(f'{c.end} total equity = share capital + P&L account', na[i], shc[i] + pl[i])

dep = [2418, 1806]; ws = [-24, -31]; wd = [-2394, -1108]; wc = [1702, 605]
cgo = add(op, dep, ws, wd, wc)
ip2 = [-512, -318]; tp = [-410, -296]
cfo = add(cgo, ip2, tp)
ptfa = [-4506, -3204]; irc = [42, 8]; cfi = add(ptfa, irc)
nbl = [2415, 1200]; rbl = [-900, -600]; cff = add(nbl, rbl)
net = add(cfo, cfi, cff); beg = [1406, 1278]; end = add(beg, net)
assert end == cash, end
rows = [
    R('Operating profit', op, ['OperatingIncomeLoss']), R('Depreciation of tangible assets', dep, ['DepreciationDepletionAndAmortization']),
    R('Increase in stocks', ws), R('Increase in debtors', wd), R('Increase in creditors', wc),
    R('Cash generated from operations', cgo, cls='sub'),
    R('Interest paid', ip2), R('Corporation tax paid', tp),
    R('Net cash from operating activities', cfo, ['NetCashProvidedByUsedInOperatingActivities'], cls='sub'),
    Hd('Cash flows from investing activities'),
    R('Purchase of tangible fixed assets', ptfa, [('PaymentsToAcquirePropertyPlantAndEquipment', {'flip': True})], ind=1),
    R('Interest received', irc, ind=1),
    R('Net cash used in investing activities', cfi, cls='sub'),
    Hd('Cash flows from financing activities'),
    R('New bank loans', nbl, ind=1), R('Repayment of bank loans', rbl, [('RepaymentsOfDebt', {'flip': True})], ind=1),
    R('Net cash from financing activities', cff, cls='sub'),
    R('Net increase in cash and cash equivalents', net, cls='sub'),
    R('Cash and cash equivalents at beginning of period', beg),
    R('Cash and cash equivalents at end of period', end, ['CashAndCashEquivalentsAtCarryingValue'], cls='tot'),
]
d.pages.append(f'''<h1>KESTREL FREIGHT SERVICES LIMITED</h1><h2>Statement of cash flows for the period ended 31 December 2023</h2>
{d.table(P, rows, 3, hp, label_w='52%')}<p class="pg">12</p>''')
for i, c in enumerate(P):
    d.check(f'{c.end} ({c.months}m) net cash from operating activities', cfo[i], op[i] + dep[i] + ws[i] + wd[i] + wc[i] + ip2[i] + tp[i])
    d.check(f'{c.end} cash at end of period = balance sheet cash', end[i], cash[i])
d.check('tangible assets roll-forward 2022-09-30 -> 2023-12-31 = opening + additions - depreciation', tfa[1] - ptfa[0] - dep[0], tfa[0])
d.notes_text = ('Synthetic UK medium-company accounts in £000 (scale stated only in the column heads). The current period is 15 months (1 October 2022 to 31 December 2023), '
                'the comparative 12 months to 30 September 2022. UK conventions as in the development set; distribution + administrative expenses are derived OperatingExpenses; '
                'unlabelled current-assets subtotal, total assets and total liabilities are derived; creditors after more than one year (bank loans) are neutral for LongTermDebtNoncurrent. '
                '"Total equity" is StockholdersEquity. Cash at 30 September 2021 (beginning of the prior year) is not labelled.')
d.render()
d.write_labels('UK medium company, 15-month period, £000')
