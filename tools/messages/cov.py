import os
W = os.environ.get('MSG_WORK', '/tmp/msg')
import json,re,glob,os
rows=json.load(open(W+'/nccl_rows.json'))
comp=[(re.compile(r[2]),r) for r in rows]
files=[f for root in ['/work/shared/corpus/nccl-logs','/work/shared/corpus-more/nccl-logs'] for f in glob.glob(root+'/**/*',recursive=True) if os.path.isfile(f)]
un=0;tot=0
for f in sorted(files):
    for line in open(f,errors='replace'):
        i=line.find('NCCL WARN')
        if i<0: continue
        msg=line[i+9:].strip(); tot+=1
        hit=next((r for c,r in comp if c.search(msg)),None)
        if hit: print('OK ',hit[3].ljust(24),msg[:110])
        else: un+=1; print('MISS',os.path.basename(f)[:30],msg[:150])
print(tot,un)
