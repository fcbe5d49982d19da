import json, subprocess, sys, re, glob
OUT='/work/blind/2026-11-27/statements'
def pages(pdf):
    n=int(re.search(r'Pages:\s+(\d+)',subprocess.run(['pdfinfo',pdf],capture_output=True,text=True).stdout).group(1))
    return [subprocess.run(['pdftotext','-layout','-f',str(i),'-l',str(i),pdf,'-'],capture_output=True,text=True).stdout for i in range(1,n+1)]
ids=sys.argv[1:] or [p.split('/')[-1][:-5] for p in sorted(glob.glob(OUT+'/labels/*.json')) if not p.endswith('-scan.json')]
for id in ids:
    lab=json.load(open(f'{OUT}/labels/{id}.json'))
    pr=json.load(open(f'build/{id}.printed.json'))['printed']
    P=pages(f'{OUT}/docs/{id}.pdf')
    col=lambda s: re.sub(r'\s+',' ',s)
    bad=0
    for (pg,label,s,concept,end) in pr:
        t=P[pg-1].replace('\u00a0',' '); s=s.replace('\u00a0',' ')
        if label and not label.startswith('(') and col(label) not in col(t):
            print(id,'LABEL NOT FOUND p',pg,repr(label)); bad+=1
        # printed number on a line containing the label's last word chunk
        lines=[l for l in t.split('\n') if s in l]
        if not lines: print(id,'NUMBER NOT FOUND p',pg,label,s); bad+=1
    # every fact page within doc
    for k in ('facts','neutral','derived'):
        for f in lab[k]:
            assert all(1<=p<=len(P) for p in f['pages']),(id,f)
    print(id, 'pages',len(P),'facts',len(lab['facts']),'neutral',len(lab['neutral']),'derived',len(lab['derived']),'problems',bad)
