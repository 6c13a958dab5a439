import os
W = os.environ.get('MSG_WORK', '/tmp/msg')
import json,re,glob,os,subprocess,csv
rows=[l.rstrip('\n').split('\t') for l in open('sdk/src/main/resources/io/ncclscope/sdk/rules/messages.tsv') if not l.startswith('#')][1:]
comp=[(re.compile(r[2]),r) for r in rows]
files=sorted(f for root in ['/work/shared/corpus/nccl-logs','/work/shared/corpus-more/nccl-logs'] for f in glob.glob(root+'/**/*',recursive=True) if os.path.isfile(f))
out=[]
for f in files:
    lines=open(f,errors='replace').read().split('\n')
    warns=[(i+1,l) for i,l in enumerate(lines) if 'NCCL WARN' in l]
    if not warns: continue
    p=subprocess.run(['./ncclscope','analyze','--format','json',f],capture_output=True,text=True)
    try: d=json.loads(p.stdout)
    except Exception: out.append((f,0,'(analyze failed)','','')); continue
    cited={}
    for fd in d.get('findings',[]):
        for ev in fd.get('evidence',[]):
            if ev.get('artifact')==f and ev.get('line'):
                cited.setdefault(ev['line'],set()).add(fd['code'])
    for n,l in warns:
        msg=l[l.find('NCCL WARN')+9:].strip()
        hit=next((r for c,r in comp if c.search(msg)),None)
        cls=hit[3] if hit else '(no row)'
        cur=sorted(cited.get(n,[]))
        agree = (cls in cur) or (cls in ('context','benign') and not cur)
        out.append((os.path.basename(f),n,msg[:100],cls,','.join(cur) or '-', 'agree' if agree else 'DISAGREE'))
for o in out: print('\t'.join(map(str,o)))
