from fw import *

d = Doc('alpine-praezision-2023-fer', 'CHF', 1, css='''
@page { size: A4; margin: 22mm 20mm; }
body { font-family: "Nimbus Sans", "Liberation Sans", sans-serif; font-size: 9.4pt; color:#111 }
h1 { font-size: 13pt; font-weight: normal; color: #a01020; margin: 0 0 2px 0 }
.sub { font-size: 9pt; color: #444; margin: 0 0 14px 0 }
col.numc { width: 16%; } col.notec { width: 7% }
table.st td { padding: 2.2px 4px; border-bottom: 0.4px solid #ddd }
tr.sub td { font-weight: bold } tr.tot td { font-weight: bold }
tr.sub td.num { border-top: 0.8px solid #000 } tr.tot td.num { border-bottom: 1.6px solid #000 }
th { color:#a01020; font-weight: normal }
.foot { position: relative; margin-top: 20px; font-size: 8pt; color: #666; }
.nt h3 { font-size: 10pt; margin: 12px 0 4px 0 } .nt p { margin: 2px 0; text-align: justify }
.nt table td { padding: 1px 6px } .nt td.r { text-align: right }
''', fmt=fmt_factory(th="'", neg='minus', zero='\u2013'), notes=True, title='Alpine Praezision AG Jahresrechnung 2023',
        desc='Swiss GAAP FER consolidated income statement (nature of expense), balance sheet and a notes page',
        features='CHF whole units (no scale) with apostrophe thousands 1\'234\'567; leading minus for expenses; Notes column; EBITDA and EBIT printed; D&A in two lines (sum derived); no cost of sales or gross profit; notes page with figures that are not facts; A4')
Y = [Col('2023-12-31', 12), Col('2022-12-31', 12)]
B = [Col('2023-12-31'), Col('2022-12-31')]
d.extra_note_head = 'Note'
ns = [48652310, 45118904]; chi = [412550, -186220]; ooi = [221430, 198775]
tor = add(ns, chi, ooi)
mat = [-17834118, -16552930]; per = [-18902455, -17640118]; ooe = [-5611207, -5215884]
ebitda = add(tor, mat, per, ooe)
dep = [-2104330, -1988415]; amo = [-318200, -295640]
ebit = add(ebitda, dep, amo)
ie = [-402118, -366540]; ofr = [35620, -48910]
pbt = add(ebit, ie, ofr)
tax = [-763505, -548330]
np_ = add(pbt, tax)
h = thead(d, [[('2023', 1, ''), ('2022', 1, '')], [('CHF', 1, ''), ('CHF', 1, '')]])
rows = [
    R('Net sales from goods and services', ns, ['Revenues'], note='1'),
    R('Change in inventories of finished goods and work in progress', chi),
    R('Other operating income', ooi),
    R('Total operating income', tor, cls='sub'),
    R('Material expenses', mat, note='2'),
    R('Personnel expenses', per, note='3'),
    R('Other operating expenses', ooe, note='4'),
    R('Operating result before depreciation and amortisation (EBITDA)', ebitda, ['EBITDA'], cls='sub'),
    R('Depreciation on property, plant and equipment', dep, note='8'),
    R('Amortisation of intangible assets', amo, note='9'),
    R('Operating result (EBIT)', ebit, ['OperatingIncomeLoss'], cls='sub'),
    R('Interest expenses', ie, [('InterestExpense', {'flip': True})]),
    R('Other financial result', ofr, note='5'),
    R('Profit before taxes', pbt, cls='sub'),
    R('Income taxes', tax, [('IncomeTaxExpenseBenefit', {'flip': True})], note='6'),
    R('Net profit', np_, ['NetIncomeLoss'], cls='tot'),
]
d.pages.append(f'''<h1>Consolidated income statement</h1><p class="sub">Alpine Präzision AG, Thun \u2014 for the year ended 31 December 2023</p>
{d.table(Y, rows, 1, h, label_w='61%')}
<p class="foot">The notes on pages 3 to 4 form an integral part of the consolidated financial statements.&nbsp;&nbsp;&nbsp;&nbsp;Alpine Präzision AG \u2014 Annual Report 2023 \u2014 41</p>''')
for i, c in enumerate(Y):
    d.derive('DepreciationDepletionAndAmortization', c, -(dep[i] + amo[i]), '(derived) depreciation + amortisation', 1)
    d.check(f'{c.end} total operating income = net sales + change in inventories + other operating income', tor[i], ns[i] + chi[i] + ooi[i])
    d.check(f'{c.end} EBITDA = total operating income - material - personnel - other operating expenses', ebitda[i], tor[i] + mat[i] + per[i] + ooe[i])
    d.check(f'{c.end} EBIT = EBITDA - depreciation - amortisation', ebit[i], ebitda[i] + dep[i] + amo[i])
    d.check(f'{c.end} net profit = EBIT - interest + other financial result - taxes', np_[i], ebit[i] + ie[i] + ofr[i] + tax[i])

cash = [3408215, 2655902]; tr = [7914330, 7288416]; ocr = [512118, 488203]; inv = [9205774, 8793224]; pre = [301442, 276880]
ca = add(cash, tr, ocr, inv, pre)
ppe = [18442908, 17905116]; intg = [1105330, 1218530]; fa = [640000, 640000]
nca = add(ppe, intg, fa); ta = add(ca, nca)
tp = [4118506, 3902447]; cpl = [1500000, 1200000]; ocl = [1022310, 955180]; acc = [2310447, 2105993]; spr = [420000, 380000]
cl = add(tp, cpl, ocl, acc, spr)
lbl = [8400000, 9900000]; lpr = [1212400, 1145200]
ncl = add(lbl, lpr); tl = add(cl, ncl)
eq = sub(ta, tl); sc = [5000000, 5000000]; cr = [2400000, 2400000]; re_ = sub(eq, add(sc, cr))
tle = add(tl, eq)
hb = thead(d, [[('31.12.2023', 1, ''), ('31.12.2022', 1, '')], [('CHF', 1, ''), ('CHF', 1, '')]])
rows = [
    Hd('Assets'),
    R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue']),
    R('Trade receivables', tr, ['AccountsReceivableNetCurrent'], note='7'),
    R('Other current receivables', ocr),
    R('Inventories', inv, ['InventoryNet'], note='10'),
    R('Prepaid expenses and accrued income', pre),
    R('Current assets', ca, ['AssetsCurrent'], cls='sub'),
    R('Property, plant and equipment', ppe, note='8'),
    R('Intangible assets', intg, note='9'),
    R('Financial assets', fa),
    R('Non-current assets', nca, cls='sub'),
    R('Total assets', ta, ['Assets'], cls='tot'),
    R('', None, cls='sp'),
    Hd('Liabilities and equity'),
    R('Trade payables', tp, ['AccountsPayableCurrent']),
    R('Current portion of long-term bank loans', cpl, ['LongTermDebtCurrent'], note='11'),
    R('Other current liabilities', ocl),
    R('Accrued expenses and deferred income', acc),
    R('Short-term provisions', spr, note='12'),
    R('Current liabilities', cl, ['LiabilitiesCurrent'], cls='sub'),
    R('Long-term bank loans', lbl, ['LongTermDebtNoncurrent'], note='11'),
    R('Long-term provisions', lpr, note='12'),
    R('Non-current liabilities', ncl, cls='sub'),
    R('Total liabilities', tl, ['Liabilities'], cls='sub'),
    R('Share capital', sc),
    R('Capital reserves', cr),
    R('Retained earnings', re_),
    R('Total equity', eq, ['StockholdersEquity'], cls='sub'),
    R('Total liabilities and equity', tle, ['LiabilitiesAndStockholdersEquity'], cls='tot'),
]
d.pages.append(f'''<h1>Consolidated balance sheet</h1><p class="sub">Alpine Präzision AG, Thun \u2014 as at 31 December</p>
{d.table(B, rows, 2, hb, label_w='61%')}<p class="foot">Alpine Präzision AG \u2014 Annual Report 2023 \u2014 42</p>''')
for i, c in enumerate(B):
    d.check(f'{c.end} current assets', ca[i], cash[i] + tr[i] + ocr[i] + inv[i] + pre[i])
    d.check(f'{c.end} current liabilities', cl[i], tp[i] + cpl[i] + ocl[i] + acc[i] + spr[i])
    d.check(f'{c.end} total assets = total liabilities + total equity', ta[i], tl[i] + eq[i])
f = d.fmt
d.pages.append(f'''<h1>Notes to the consolidated financial statements (extract)</h1><div class="nt">
<h3>1 Net sales from goods and services</h3><p>Net sales by region:</p>
<table><tr><td></td><td class="r">2023</td><td class="r">2022</td></tr>
<tr><td>Switzerland</td><td class="r">{f(21104880)}</td><td class="r">{f(20117342)}</td></tr>
<tr><td>European Union</td><td class="r">{f(19633905)}</td><td class="r">{f(18502260)}</td></tr>
<tr><td>Other countries</td><td class="r">{f(7913525)}</td><td class="r">{f(6499302)}</td></tr>
<tr><td><b>Total</b></td><td class="r"><b>{f(ns[0])}</b></td><td class="r"><b>{f(ns[1])}</b></td></tr></table>
<h3>6 Income taxes</h3><p>Current income taxes amounted to CHF {f(811205)} (prior year CHF {f(602118)}); deferred taxes resulted in income of CHF {f(47700)} (prior year CHF {f(53788)}). The expected weighted average tax rate is 18.6% (prior year 18.9%).</p>
<h3>10 Inventories</h3>
<table><tr><td></td><td class="r">31.12.2023</td><td class="r">31.12.2022</td></tr>
<tr><td>Raw materials and components</td><td class="r">{f(3902115)}</td><td class="r">{f(3817004)}</td></tr>
<tr><td>Work in progress</td><td class="r">{f(2611420)}</td><td class="r">{f(2455908)}</td></tr>
<tr><td>Finished goods</td><td class="r">{f(3102239)}</td><td class="r">{f(2930312)}</td></tr>
<tr><td>Valuation allowance</td><td class="r">{f(-410000)}</td><td class="r">{f(-410000)}</td></tr>
<tr><td><b>Total</b></td><td class="r"><b>{f(inv[0])}</b></td><td class="r"><b>{f(inv[1])}</b></td></tr></table>
<h3>11 Bank loans</h3><p>The bank loans are secured by mortgage notes on the Thun property of CHF {f(14000000)}. Of the total bank loans of CHF {f(9900000)} (prior year CHF {f(11100000)}), CHF {f(1500000)} is repayable within twelve months. Interest rates range from 1.45% to 2.10%.</p>
<h3>12 Provisions</h3><p>Provisions comprise warranty provisions of CHF {f(890400)} and provisions for long-service awards of CHF {f(742000)}.</p>
<h3>13 Events after the balance sheet date</h3><p>No events occurred between 31 December 2023 and the approval of the consolidated financial statements by the Board of Directors on 14 March 2024 that would require adjustment of the carrying amounts of assets or liabilities or disclosure in this report.</p></div>
<p class="foot">Alpine Präzision AG \u2014 Annual Report 2023 \u2014 43</p>''')
assert 3902115 + 2611420 + 3102239 - 410000 == inv[0] and 3817004 + 2455908 + 2930312 - 410000 == inv[1]
assert 21104880 + 19633905 + 7913525 == ns[0] and 20117342 + 18502260 + 6499302 == ns[1]
assert 811205 - 47700 == -tax[0] and 602118 - 53788 == -tax[1]
d.notes_text = ('Synthetic Swiss GAAP FER statements in whole CHF (scale 1), apostrophe thousands separator, expenses with a leading minus (altValues carry the printed negative). '
                'Nature-of-expense format: no cost of sales, gross profit or total operating expenses line; EBITDA and EBIT are printed. '
                'D&A is printed as two lines (depreciation, amortisation); their sum is derived. "Total operating income" is the sum of net sales, inventory change and other income (not labelled). '
                'Page 3 is a notes page: its figures (regional sales, inventory breakdown, tax split, loans) are not facts.')
d.render()
d.write_labels('Swiss GAAP FER, whole CHF')
