import os
W = os.environ.get('MSG_WORK', '/tmp/msg')
import subprocess, re, json, collections
R='/work/.mirror/aws+aws-ofi-nccl/repo'
tags=subprocess.run(['git','-C',R,'tag'],capture_output=True,text=True).stdout.split()
best={}
for t in tags:
    m=re.fullmatch(r'v1\.(\d+)\.(\d+)(-aws)?',t)
    if not m: continue
    minor=int(m[1]); key=(int(m[2]),1 if m[3] else 0)
    if minor not in best or key>best[minor][0]: best[minor]=(key,t)
lit=re.compile(r"""\s*(?:"((?:[^"\\]|\\.)*)"|(PRI[uxdi]64|PRI[ux]32)|([A-Za-z_]\w*)(?=\s*"))""")
MAC={'PRIu64':'%lu','PRIx64':'%lx','PRId64':'%ld','PRIi64':'%li','PRIu32':'%u','PRIx32':'%x'}
out=collections.defaultdict(lambda:{'minors':set(),'files':set()})
for minor,(k,t) in sorted(best.items()):
    files=subprocess.run(['git','-C',R,'grep','-l','NCCL_OFI_WARN(',t,'--','src','include'],capture_output=True,text=True).stdout.split()
    for f in files:
        path=f.split(':',1)[1]
        text=subprocess.run(['git','-C',R,'show',f],capture_output=True,text=True,errors='replace').stdout
        for m in re.finditer(r'\bNCCL_OFI_WARN\s*\(',text):
            i=m.end(); parts=[]
            while True:
                mm=lit.match(text,i)
                if not mm: break
                parts.append(mm[1] if mm[1] is not None else (MAC[mm[2]] if mm[2] else '%s')); i=mm.end()
            if not parts: continue
            fmt=''.join(parts)
            if '\\' in fmt: fmt=fmt.encode().decode('unicode_escape')
            fmt='NET/OFI '+fmt.rstrip('\n').strip()
            out[fmt]['minors'].add(minor); out[fmt]['files'].add(path)
res=[{'fmt':f,'minors':sorted(v['minors']),'files':sorted(v['files'])} for f,v in out.items()]
json.dump({'tags':{m:t for m,(k,t) in best.items()},'msgs':res},open(W+'/ofi.json','w'))
print(len(res), {m:t for m,(k,t) in best.items()})
