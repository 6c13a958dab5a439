import os
W = os.environ.get('MSG_WORK', '/tmp/msg')
import subprocess, re, json, collections, sys
R=os.environ.get('NCCL_REPO', '/work/.mirror/NVIDIA+nccl/repo')
tags=subprocess.run(['git','-C',R,'tag'],capture_output=True,text=True).stdout.split()
best={}
for t in tags:
    m=re.fullmatch(r'v2\.(\d+)\.(\d+)-(\d+)',t)
    if not m: continue
    minor=int(m[1])
    if minor<4: continue
    key=(int(m[2]),int(m[3]))
    if minor not in best or key>best[minor][0]: best[minor]=(key,t)
MAC={'PRIu64':'lu','PRIx64':'lx','PRId64':'ld','PRIi64':'li','PRIu32':'u','PRIx32':'x','NCCL_SOCKET_NAME_MAXLEN':''}
lit=re.compile(r"""\s*(?:"((?:[^"\\]|\\.)*)"|(PRI[uxdi]64|PRI[ux]32)|#\s*(\w+)|([A-Za-z_]\w*)(?=\s*"))""")
def parse(text,pos,macro):
    # pos right after '('
    i=pos; parts=[]
    while True:
        m=lit.match(text,i)
        if not m: break
        parts.append(m[1] if m[1] is not None else ('%'+MAC[m[2]] if m[2] else '%s')); i=m.end()
    if not parts: return None
    return ''.join(parts)
out=collections.defaultdict(lambda: {'minors':set(),'files':set(),'macro':set(),'res':set()})
RES=re.compile(r'\b(ncclSystemError|ncclInternalError|ncclInvalidUsage|ncclInvalidArgument|ncclRemoteError|ncclUnhandledCudaError|ncclInProgress)\b')
pat=re.compile(r'\b(WARN|INFO|TRACE)\s*\(')
for minor,(k,t) in sorted(best.items()):
    files=subprocess.run(['git','-C',R,'grep','-l','-E',r'WARN\(|INFO\(',t,'--','src','ext-net','plugins'],capture_output=True,text=True).stdout.split()
    for f in files:
        path=f.split(':',1)[1]
        if not re.search(r'\.(cc|c|h|cu|cpp|hpp)$',path): continue
        text=subprocess.run(['git','-C',R,'show',f],capture_output=True,text=True,errors='replace').stdout
        for m in pat.finditer(text):
            kind=m[1]; i=m.end(); sub=None
            if kind in('INFO','TRACE'):
                m2=re.match(r'\s*([A-Z_|\s]+),',text[i:i+200])
                if not m2: continue
                sub=m2[1].strip(); i+=m2.end()
            fmt=parse(text,i,kind)
            if fmt is None: continue
            fmt=fmt.encode().decode('unicode_escape') if '\\' in fmt else fmt
            key=(kind,fmt)
            out[key]['minors'].add(minor); out[key]['files'].add(path)
            if sub: out[key]['macro'].add(sub)
            if kind=='WARN':
                start=text.rfind('\n',0,m.start())+1
                after=[]
                for ln in text[start:].split('\n')[:7]:
                    if ln.strip().startswith('}'): break
                    after.append(ln)
                mm=RES.search('\n'.join(after))
                if mm: out[key]['res'].add(mm[1])
res=[]
for (kind,fmt),v in out.items():
    res.append({'kind':kind,'fmt':fmt,'minors':sorted(v['minors']),'files':sorted(v['files']),'sub':sorted(v['macro']),'res':sorted(v['res'])})
json.dump({'tags':{m:t for m,(k,t) in best.items()},'msgs':res},open(W+'/nccl.json','w'),indent=0)
print(len(res), collections.Counter(r['kind'] for r in res))
