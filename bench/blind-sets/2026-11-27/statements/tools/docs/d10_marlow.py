from fw import *

d = Doc('marlow-county-fy2024-activities', 'USD', 1000, css='''
@page wide { size: 11in 8.5in; margin: 0.6in 0.7in; }
@page { size: 8.5in 11in; margin: 0.7in 0.8in; }
section.page.w { page: wide; }
body { font-family: "Liberation Serif", serif; font-size: 10pt; }
.hd1 { text-align:center; font-weight:bold; font-size: 12pt; margin: 0 } .hd2 { text-align:center; margin: 1px 0; font-weight: bold } .hd3 { text-align:center; margin: 0 0 12px 0; font-style: italic }
col.numc { width: 12%; } table.st td { padding: 2px 5px }
th { font-weight: bold; border-bottom: 0.8px solid #000 }
tr.sub td.num { border-top: 0.8px solid #000 } tr.tot td.num { border-top: 0.8px solid #000; border-bottom: 2.5px double #000 }
.fn { font-size: 8.5pt; margin-top: 10px }
''', fmt=fmt_factory(neg='paren', zero='-'), sigcell=True, title='Marlow County basic financial statements FY2024',
        desc='US county (GASB): statement of activities with final budget, actual 2024 and actual 2023 columns, and statement of net position',
        features='public sector; USD thousands stated only as "$000s" in the column heads; Final Budget / Actual / Prior-year Actual / Variance columns (budget and variance are never facts); landscape page 1, portrait page 2; "Total revenues", "Total expenses", "Change in net position", net position (neutral); interest on long-term debt; deferred outflows/inflows of resources; fiscal year ended June 30')
Y = [Col('2024-06-30', 12, actual=False), Col('2024-06-30', 12), Col('2023-06-30', 12), Col('2024-06-30', 12, actual=False)]
B = [Col('2024-06-30'), Col('2023-06-30')]
def tri(b, a24, a23):
    return [b, a24, a23, a24 - b]
pt = tri(148500, 150212, 142906); st = tri(62000, 64418, 61105); cs = tri(38200, 37906, 35114); og = tri(44800, 46105, 49870)
cg = tri(12000, 9418, 11202); ie_ = tri(2100, 4906, 1818); mi = tri(1400, 1902, 1604)
tr = add(pt, st, cs, og, cg, ie_, mi)
gg = tri(41200, 39818, 37406); ps = tri(118600, 121405, 112918); pw = tri(54300, 52116, 50207); hh = tri(47900, 46802, 45110)
cr = tri(14700, 14118, 13602); il = tri(6400, 6318, 6702)
te = add(gg, ps, pw, hh, cr, il)
for x in (gg, ps, pw, hh, cr, il, te):
    x[3] = x[0] - x[1]   # favourable variance for expenses = budget - actual
chg = sub(tr, te); chg[3] = tr[3] + te[3]
npb = [439792, 439792, 402118, 0]
npe = add(npb, chg); npe[3] = chg[3]
hy = thead(d, [[('Final<br>Budget', 1, ''), ('Actual<br>2024', 1, ''), ('Actual<br>2023', 1, ''), ('Variance with<br>Final Budget', 1, '')],
               [('$000s', 1, ''), ('$000s', 1, ''), ('$000s', 1, ''), ('$000s', 1, '')]])
rows = [
    Hd('Revenues:'),
    R('Property taxes', pt, dollar=True, ind=1), R('Sales and use taxes', st, ind=1), R('Charges for services', cs, ind=1),
    R('Operating grants and contributions', og, ind=1), R('Capital grants and contributions', cg, ind=1),
    R('Investment earnings', ie_, ind=1), R('Miscellaneous', mi, ind=1),
    R('Total revenues', tr, ['Revenues'], cls='sub', ind=2),
    Hd('Expenses:'),
    R('General government', gg, ind=1), R('Public safety', ps, ind=1), R('Public works', pw, ind=1),
    R('Health and human services', hh, ind=1), R('Culture and recreation', cr, ind=1),
    R('Interest on long-term debt', il, ['InterestExpense'], ind=1),
    R('Total expenses', te, ['OperatingExpenses'], cls='sub', ind=2),
    R('Change in net position', chg, [('NetIncomeLoss', 'neutral', {})], cls='sub'),
    R('Net position, beginning of year', npb, hide_cols=(3,)),
    R('Net position, end of year', npe, [('StockholdersEquity', 'neutral', {})], cls='tot', dollar=True, hide_cols=(3,)),
]
d.pages.append(f'''<p class="hd1">MARLOW COUNTY, OREGON</p><p class="hd2">STATEMENT OF ACTIVITIES \u2014 BUDGET AND ACTUAL (GOVERNMENTAL ACTIVITIES)</p>
<p class="hd3">For the Fiscal Year Ended June 30, 2024 (with comparative actual amounts for the fiscal year ended June 30, 2023)</p>
{d.table(Y, rows, 1, hy, label_w='40%')}
<p class="fn">The budget is adopted on a basis consistent with generally accepted accounting principles. Variances are favorable (unfavorable). The notes to the basic financial statements are an integral part of this statement.</p>''')
d.pages[-1] = d.pages[-1]
for i in (1, 2):
    c = Y[i]
    d.check(f'{c.end} actual total revenues = sum of sources', tr[i], pt[i] + st[i] + cs[i] + og[i] + cg[i] + ie_[i] + mi[i])
    d.check(f'{c.end} actual total expenses = sum of functions', te[i], gg[i] + ps[i] + pw[i] + hh[i] + cr[i] + il[i])
    d.check(f'{c.end} change in net position = revenues - expenses; end = beginning + change', npe[i], npb[i] + tr[i] - te[i])
d.check('budget column: total revenues - total expenses = budgeted change (not facts)', chg[0], tr[0] - te[0])

cash = [86412, 71205]; inv_ = [54118, 52906]; ptr = [8906, 8412]; ar = [6118, 5702]; dog = [11402, 12816]; invt = [2206, 2118]
ca = add(cash, inv_, ptr, ar, dog, invt)
nd = [118406, 112902]; dep = [402118, 391406]
ta = add(ca, nd, dep)
do = [18406, 21118]
ap = [14902, 13806]; apay = [6118, 5702]; ur = [4406, 5118]; cpb = [12402, 11906]
cl = add(ap, apay, ur, cpb)
bnd = [149946, 151149]; npl = [41118, 44906]
tl = add(cl, bnd, npl)
di = [5118, 6206]
np_ = sub(add(ta, do), add(tl, di))
assert np_ == [npe[1], npe[2]], (np_, npe)
nic = sub(add(nd, dep), add(cpb, bnd)); rs = [41206, 38904]; un = sub(np_, add(nic, rs))
hb = thead(d, [[('June 30, 2024', 1, ''), ('June 30, 2023', 1, '')], [('$000s', 1, ''), ('$000s', 1, '')]])
rows = [
    Hd('ASSETS'),
    R('Cash and cash equivalents', cash, ['CashAndCashEquivalentsAtCarryingValue'], dollar=True, ind=1),
    R('Investments', inv_, ind=1), R('Property taxes receivable, net', ptr, ind=1),
    R('Accounts receivable, net', ar, ['AccountsReceivableNetCurrent'], ind=1),
    R('Due from other governments', dog, ind=1), R('Inventories', invt, ['InventoryNet'], ind=1),
    R('Total current assets', ca, ['AssetsCurrent'], cls='sub', ind=2),
    R('Capital assets:', None, ind=1),
    R('Nondepreciable', nd, ind=2), R('Depreciable, net of accumulated depreciation', dep, ind=2),
    R('Total assets', ta, ['Assets'], cls='sub'),
    R('DEFERRED OUTFLOWS OF RESOURCES \u2014 pension related', do),
    Hd('LIABILITIES'),
    R('Accounts payable', ap, ['AccountsPayableCurrent'], ind=1), R('Accrued payroll and benefits', apay, ind=1), R('Unearned revenue', ur, ind=1),
    R('Current portion of bonds and notes payable', cpb, ['LongTermDebtCurrent'], ind=1),
    R('Total current liabilities', cl, ['LiabilitiesCurrent'], cls='sub', ind=2),
    R('Bonds and notes payable, net of current portion', bnd, ['LongTermDebtNoncurrent'], ind=1),
    R('Net pension liability', npl, ind=1),
    R('Total liabilities', tl, ['Liabilities'], cls='sub'),
    R('DEFERRED INFLOWS OF RESOURCES \u2014 pension and leases', di),
    Hd('NET POSITION'),
    R('Net investment in capital assets', nic, ind=1), R('Restricted', rs, ind=1), R('Unrestricted', un, ind=1),
    R('Total net position', np_, [('StockholdersEquity', 'neutral', {})], cls='tot', dollar=True),
]
d.pages.append(f'''<p class="hd1">MARLOW COUNTY, OREGON</p><p class="hd2">STATEMENT OF NET POSITION (GOVERNMENTAL ACTIVITIES)</p>
<p class="hd3">June 30, 2024 and 2023</p>{d.table(B, rows, 2, hb, label_w='60%')}
<p class="fn">The notes to the basic financial statements are an integral part of this statement.</p>''')
for i, c in enumerate(B):
    d.derive('LiabilitiesAndStockholdersEquity', c, tl[i] + di[i] + np_[i], '(derived) liabilities + deferred inflows + net position (= assets + deferred outflows)', 2)
    d.check(f'{c.end} total current assets', ca[i], cash[i] + inv_[i] + ptr[i] + ar[i] + dog[i] + invt[i])
    d.check(f'{c.end} total assets + deferred outflows - total liabilities - deferred inflows = total net position', ta[i] + do[i] - tl[i] - di[i], np_[i])
d.check('2024-06-30 total net position (statement of net position) = net position, end of year (activities)', np_[0], npe[1])
d.check('2023-06-30 total net position = net position, end of year 2023 = beginning of 2024', np_[1], npe[2])
d.notes_text = ('Synthetic US county statements in thousands ("$000s" only in the column heads). Final Budget and Variance columns are not facts. Public-sector conventions as in the '
                'development set: Total revenues = Revenues, Total expenses = OperatingExpenses, Interest on long-term debt = InterestExpense; change in net position (NetIncomeLoss) '
                'and net position (StockholdersEquity) are neutral. Receivables, payables, inventories and bonds are printed on their own lines and labelled as facts. '
                'LiabilitiesAndStockholdersEquity has no printed line (derived, includes deferred inflows). Page 1 is landscape.')
d.pages[0] = d.pages[0]
# mark first page landscape
import fw
d.render_orig = d.render
body_pages = d.pages
d.pages = body_pages
html_first = True
def render_w():
    import subprocess, html as H
    body = '\n'.join(f'<section class="page{" w" if k == 0 else ""}">{p}</section>' for k, p in enumerate(d.pages))
    doc = f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>{H.escape(d.title)}</title><style>{fw.BASE_CSS}{d.css}</style></head><body>{body}</body></html>'
    hp = f'{fw.TMP}/{d.id}.html'; open(hp, 'w').write(doc)
    subprocess.run(['chromium', '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--no-pdf-header-footer',
                    f'--print-to-pdf={fw.OUT}/docs/{d.id}.pdf', 'file://' + hp], check=True, capture_output=True)
render_w()
d.write_labels('US county (GASB) statements, $000s')
