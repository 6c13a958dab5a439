import os
W = os.environ.get('MSG_WORK', '/tmp/msg')
import json, re, sys
d = json.load(open(W+'/nccl.json'))
# Source areas a training job's logs rarely show (RAS, GPU-initiated networking, RMA, the device runtime, Windows
# builds, the memory manager, the profiler, ...). Their WARN formats are classified like every other one (the
# issue asks for every WARN format of every release), and their rows say which area they come from. An area is a
# whole path segment: one of a file's folders, or its file name without the extension (alone or before an '_':
# gin_v11.cc, rma_proxy.cc). Never a substring: 'gin/' once matched 'plugin/' (SkipPatternTest in the sdk pins rows).
AREAS = {'windows': 'Windows builds', 'gin': 'GPU-initiated networking', 'rma': 'RMA',
         'dev_runtime': 'the device runtime', 'mem_manager': 'the memory manager', 'ras': 'RAS',
         'profiler': 'the profiler', 'devcomm': 'device communicators', 'ce_coll': 'copy-engine collectives',
         'scheduler': 'the scheduler', 'symmetric': 'symmetric memory', 'nccl_device': 'the device API',
         'mnnvl': 'multi-node NVLink', 'inspector': 'the inspector plugin'}
def area(path):
    *folders, name = path.split('/')
    stem = name.rsplit('.', 1)[0]
    for f in folders:
        if f in AREAS: return AREAS[f]
    return next((AREAS[s] for s in AREAS if stem == s or stem.startswith(s + '_')), None)
def area_note(files):
    areas = {area(f) for f in files}
    return None if None in areas else 'area: ' + ', '.join(sorted(areas))
def versions(minors):
    rs=[]; start=prev=None
    for m in minors:
        if start is None: start=prev=m
        elif m==prev+1: prev=m
        else: rs.append((start,prev)); start=prev=m
    rs.append((start,prev))
    return ','.join(f'2.{a}' if a==b else f'2.{a}-2.{b}' for a,b in rs)
CONV = re.compile(r'%([-+ #0]*)(\d+|\*)?(?:\.(\d+|\*))?(hh|h|ll|l|z|j|t|L)?([diouxXeEfgGcspn%])')
def regex(fmt):
    fmt=fmt.strip()
    out=[]; i=0
    for m in CONV.finditer(fmt):
        out.append(re.escape(fmt[i:m.start()]).replace('\\ ',' ')); i=m.end()
        c=m[5]
        out.append({'d':r'-?\d+','i':r'-?\d+','u':r'\d+','o':r'[0-7]+','x':r'[0-9a-fA-F]+','X':r'[0-9a-fA-F]+',
                    'e':r'[-+0-9.eEinfa]+','E':r'[-+0-9.eEINFA]+','f':r'[-+0-9.infa]+','g':r'[-+0-9.eEinfa]+','G':r'[-+0-9.eEINFA]+',
                    'c':r'.','s':r'.*','p':r'(?:0x[0-9a-fA-F]+|\(nil\))','n':'','%':'%'}[c])
    out.append(re.escape(fmt[i:]).replace('\\ ',' '))
    return '^'+''.join(out)+r'\s*$'
def literal_len(fmt): return len(CONV.sub('',fmt).strip())
RES = {'ncclSystemError':'NCCL_SYSTEM_ERROR','ncclInternalError':'NCCL_INTERNAL_ERROR','ncclInvalidUsage':'NCCL_INVALID_USAGE',
       'ncclInvalidArgument':'NCCL_INVALID_USAGE','ncclRemoteError':'NCCL_REMOTE_ERROR','ncclUnhandledCudaError':'CUDA_ERROR'}
# (regex on format, file regex or None, classification, note); first rule that matches decides; order matters.
RULES = [
 (r'MNNVL .*available but not working', None, 'context', 'multi-node NVLink is present but unusable (the IMEX channels or daemon): NCCL stops unless NCCL_MNNVL_ENABLE=0; no code of its own yet'),
 (r'NCCL_[A-Z_]+\b.*(ignor|invalid|Invalid|too big|greater than|not a power of 2|not a valid|limiting)|(Invalid|invalid|Unknown|unknown|Unrecognized|no device found matching) .*NCCL_[A-Z_]+', None, 'NCCL_ENV_INVALID', 'a NCCL_* setting is not used as given'),
 (r'Mismatched collective', None, 'NCCL_INVALID_USAGE', 'mismatched collectives between ranks'),
 (r'Failed to initialize any NET plugin', None, 'NCCL_ENV_INVALID', "no network NCCL can initialize matches NCCL_NET (or the communicator's netName): a misspelt name, IB on a node without InfiniBand, a plugin not installed"),
 (r'Bootstrap Root : (mismatch|rank %d of %d ranks has already checked in)|localId %d is out of range', None, 'RANK_MAPPING_INCONSISTENT', 'ranks disagree on the job layout, or a rank number repeats'),
 (r'CQE with error', None, 'IB_COMPLETION_ERROR', 'work completion with an error status on an IB/RoCE QP'),
 (r'Failed to (find|load) CUDA|CUDA some PFN functions not found|Failed to create CUDA context', None, 'CUDA_ERROR', 'the CUDA driver is missing, too old or unusable'),
 (r'Failed to CUDA host alloc', None, 'NCCL_OUT_OF_MEMORY', 'pinned host memory allocation failed'),
 (r'exceeds device/fn maxSharedMem', None, 'CUDA_ERROR', "the GPU's architecture is newer than this NCCL build supports (its kernels need more shared memory than the GPU gives): use an NCCL built for it"),
 (r'using .* instead|falling back|fall back|ignoring|disabling|, will use|retrying', None, 'context', 'NCCL continues (falls back, ignores or retries)'),
 (r'P2P is disabled between NVLINK connected GPUs', None, 'P2P_DISABLED_ON_NVLINK', 'the driver reports no peer-to-peer access between GPUs the topology joins by NVLink (Fabric Manager, a bad link, a VM): NCCL stops'),
 (r'driver is older than|driver < R|requires CUDA driver', None, 'context', 'a capability is missing (driver too old, P2P off); no code of its own yet'),
 (r'Duplicate GPU detected', None, 'NCCL_DUPLICATE_GPU', ''),
 (r'Mismatched NCCL version|version mismatch', None, 'NCCL_VERSION_MISMATCH', ''),
 (r'no socket interface found|No usable listening interface|No interface found in the same subnet|no usable .*interface|No IP interface found|could not find any interface|no interface', None, 'NCCL_NO_SOCKET_INTERFACE', ''),
 (r'Got completion', None, 'IB_COMPLETION_ERROR', 'work completion with an error status on an IB/RoCE QP'),
 (r'collective mismatch|posted incorrect receive|message truncated|size mismatch', None, 'NCCL_INVALID_USAGE', 'the two sides disagree on sizes: mismatched collectives (NCCL returns ncclInvalidUsage for it from 2.12, ncclInternalError before)'),
 (r'Connection closed by|closed by remote|Connection reset|Socket recv failed|remote peer|peer .* closed|Net : Connection closed', None, 'NCCL_REMOTE_ERROR', 'a peer closed or reset the connection: read the other rank\'s log for the cause'),
 (r'Connect to .* failed|Connect.*failed|connect.*(refused|timed out|failed|error)|PollConnect|StartConnect|socketConnect|Connection refused|timed out', None, 'NCCL_CONNECT_FAILED', ''),
 (r'out of memory|Failed to CUDA (c|m)alloc|cuMemCreate.*fail|cudaMalloc', None, 'NCCL_OUT_OF_MEMORY', ''),
 (r'Cuda failure|CUDA failure|Cuda error|CUDA IPC|cudaIpc\w+ failed|cuMem\w+ failed|cuDriverGetVersion failed|CUDA error', None, 'CUDA_ERROR', ''),
 (r'shared memory|/dev/shm|shm_open|ftruncate|fallocate|shm', r'shmutils|shm\.|transport/shm', 'NCCL_SHM_FAILED', ''),
 (r'^(?!XML Export)(XML|Attribute .* not found|Error : (too many XML|XML parser)|Could not open XML|ncclTopoGetSystemFromXml)', r'graph/|topo', 'NCCL_TOPO_FILE_INVALID', 'parsing a topology or graph XML (NCCL_TOPO_FILE / NCCL_GRAPH_FILE)'),
 (r'ibv_|Unable to open device|Unable to query|reg_mr|create_qp|modify_qp|create_cq|alloc_pd|Call to .* failed', r'net_ib|ibvwrap|ibvsymbols|ibvcore|mlx5dv', 'IB_SETUP_FAILED', ''),
 (r'Failed to open libibverbs|libibverbs|dlopen', r'ibv', 'context', 'verbs library absent: normal on hosts without IB'),
 (r'Proxy Call to rank|Failed to execute operation|Proxy Service|proxy.*failed', r'proxy', 'context', 'secondary: a proxy operation failed; the WARN before it says why'),
 (r'NCCL_\w+.*(invalid|Invalid|unknown|Unknown|not recognized|cannot be parsed)|(Invalid|invalid|Unknown|unknown|Unrecognized) .*NCCL_|Invalid value|Unknown value|invalid value', None, 'NCCL_ENV_INVALID', 'a NCCL_* setting has a value NCCL does not accept'),
]
def classify(fmt, files, res):
    for rx, frx, cls, note in RULES:
        if re.search(rx, fmt) and (frx is None or any(re.search(frx, f) for f in files)):
            return cls, note
    codes = sorted({RES[r] for r in res if r in RES})
    if len(codes)==1:
        return codes[0], 'classified by its return code'
    return 'context', ''
INFO_KEEP = re.compile(r'^(Using network %s|NET/IB : No device found\.|NET/Socket : Using%s|Bootstrap : Using%s|%s:%d -> %d.*|Call to connect returned %s, retrying|%s: connect returned %s, retrying.*|Call to accept returned %s, retrying|NET/Plugin.*No plugin found.*|NET/Plugin: Could not find:%s\. Using internal network plugin\.|NET/Plugin: Using internal network plugin\.|NET/Plugin: Loaded net plugin %s \(v\d+\)|P2P is disabled between connected GPUs.*|NVLS multicast support is %savailable on dev %d|\[Service thread\] Connection closed by localRank %d|Socket progress: abort called|socketProgressOpt: abort called|Call to ibv_modify_qp failed with .*retrying.*|NCCL_IB_DISABLE set by environment to %d\.?|NET/IB : Using %s.*|Channel .* via NET/%s/%d.*|Connected all rings.*|Invalid value %s for %s, using default %l+[ud]\.|Warning: ENV %s is unused\. Setting it has no effect\.)$')
INFO_CLASS = [
 (r'^%s:%d -> %d', 'context', 'return-code trace: %d is the ncclResult_t (1 cuda, 2 system, 3 internal, 4 invalid argument, 5 invalid usage, 6 remote, 7 in progress)'),
 (r'retrying', 'context', 'transient: NCCL retries'),
 (r'No device found', 'context', 'no IB/RoCE device: NCCL uses sockets (by design on TCP-only clouds)'),
 (r'No plugin found|Could not find|Using internal network plugin', 'context', 'no external net plugin: NCCL_NET_PLUGIN_MISSING only where the fabric needs one (EFA, SHARP)'),
 (r'Using network', 'context', "NET_SOCKET_FALLBACK when it says Socket and RDMA hardware is present"),
 (r'IB_DISABLE', 'NET_IB_DISABLED_BY_ENV', ''),
 (r'^Warning: ENV %s is unused', 'NCCL_ENV_INVALID', 'a NCCL_* setting this release does not read: it has no effect'),
 (r'^Invalid value %s for %s, using default', 'NCCL_ENV_INVALID', 'a NCCL_* setting NCCL cannot parse as a number: it uses the default instead'),
 (r'Connection closed by localRank', 'context', 'secondary: a local rank exited; its own log says why'),
 (r'abort called', 'context', 'secondary: the communicator is being aborted'),
 (r'P2P is disabled', 'context', 'P2P unavailable between GPUs the topology links'),
 (r'.', 'benign', 'normal start-up information'),
]
rows=[]
for r in d['msgs']:
    fmt=r['fmt'].rstrip('\n').strip()
    files=r['files']
    if not files or '\n' in fmt or '\t' in fmt: continue
    if r['kind']=='WARN':
        if literal_len(fmt) < 10: continue
        cls, note = classify(fmt, files, r['res'])
        where = area_note(files)
        if where: note = where + ('; ' + note if note else '')
    elif r['kind']=='INFO':
        if not INFO_KEEP.match(fmt): continue
        cls, note = next((c,n) for rx,c,n in INFO_CLASS if re.search(rx, fmt))
    else: continue
    rows.append(('nccl', fmt, regex(fmt), cls, versions(r['minors']), ' '.join(files), '|'.join(r['res']), (r['kind']+('; '+note if note else '')).strip()))
# most specific first: longer literal text first, so a general format cannot shadow a precise one
rows.sort(key=lambda row: (-literal_len(row[1]), row[1]))

# aws-ofi-nccl: NCCL_OFI_WARN formats ("NET/OFI " prefixed by its macro), the libfabric setup and completion failures
OFI_SET = re.compile(r"Couldn't (open|create|allocate|bind|enable) (a fabric|fabric|domain|endpoint|CQ|completion queue|AV|EP-AV|EP-CQ)|Couldn't register memory region|fi_getinfo|Creating new endpoint|Unable to register memory|Unable to (bind|enable) MR|Could not register memory|Couldn't get FI_OPT", re.I)
OFI_CMP = re.compile(r"completed with error|fi_cq_readerr", re.I)
OFI_CTX = re.compile(r"(Could not|Couldn't) find any optimal provider|No viable endpoint found", re.I)
od = json.load(open(W+'/ofi.json'))
ofi_rows = []
for r in od['msgs']:
    fmt = r['fmt']
    if '\n' in fmt: continue
    if OFI_CMP.search(fmt): cls, note = 'IB_COMPLETION_ERROR', 'a libfabric (EFA) completion with an error'
    elif OFI_SET.search(fmt): cls, note = 'IB_SETUP_FAILED', 'libfabric (EFA) fabric, domain, endpoint or memory registration setup failed'
    elif OFI_CTX.search(fmt): cls, note = 'context', 'no usable libfabric provider: NCCL falls back to its own transports'
    else: continue
    vs = versions(r['minors']).replace('2.', '1.')
    ofi_rows.append(('aws-ofi-nccl', fmt, regex(fmt), cls, vs, ' '.join(r['files']), '', 'WARN; ' + note))
ofi_rows.sort(key=lambda row: (-literal_len(row[1]), row[1]))
rows += ofi_rows

PRE = [  # instantiations of a general format that mean more than it: they come before every other row
 ("Cuda failure 'out of memory'", 'NCCL_OUT_OF_MEMORY', '2.4-2.30', 'src/include/checks.h src/include/alloc.h', 'ncclUnhandledCudaError', "WARN; 'Cuda failure %s' with cudaGetErrorString(cudaErrorMemoryAllocation)"),
 ("Cuda failure 2 'out of memory'", 'NCCL_OUT_OF_MEMORY', '2.19-2.30', 'src/include/checks.h src/include/alloc.h', 'ncclUnhandledCudaError', "WARN; 'Cuda failure %d %s' with cudaErrorMemoryAllocation (2)"),
]
rows = [('nccl', f, regex(f), c, v, fl, r, n) for f, c, v, fl, r, n in PRE] + rows
json.dump(rows, open(W+'/nccl_rows.json','w'))
import collections
print(len(rows), collections.Counter(r[3] for r in rows))
HEADER='''# ncclscope message catalogue: the messages NCCL, PyTorch c10d, nccl-tests and NET plugins print that matter for
# diagnosis, each with what it means for ncclscope. UTF-8, tab-separated, one message format a row. Read by
# MessageCatalogue (this package); MessageCatalogueTest checks every row.
#
# Columns: source | format | regex | classification | versions | file | result | note
#   source          nccl | aws-ofi-nccl | pytorch | nccl-tests | nccl-rdma-sharp-plugins
#   format          the printf format string as the source writes it (adjacent literals joined, PRIu64 as %lu,
#                   a stringified macro argument as %s), without the WARN/INFO prefix and trailing newline
#   regex           a portable regular expression (Java and Python syntax) for the message text after the log prefix
#                   ("NCCL WARN ", "NCCL INFO ", "[rankN]:[E... ProcessGroupNCCL.cpp:N] "), derived from the format:
#                   %d %i -> -?\\d+, %u -> \\d+, %x -> hex, %p -> 0x... or (nil), %s -> .*, %f %g -> a number, anchored
#   classification  a finding code of Rules.properties | benign (nothing wrong) | context (says what happened, names
#                   no finding by itself: a fallback, a retry, a secondary message, a bare error string)
#   versions        NCCL releases whose source prints it (2.4-2.12,2.15 = minor releases; the newest patch of each
#                   minor was read); aws-ofi-nccl the same way (1.0-1.21); nccl-tests by tag (v2.0.0-v2.19.6, all read);
#                   PyTorch releases as far as known (2.x = not pinned to a release)
#   file            the source file(s) that print it
#   result          for NCCL, the ncclResult_t the source returns right after the WARN, where it shows one
#   note            WARN or INFO for NCCL rows, then why the classification where it is not obvious
# Order: first match wins. Two instantiations of a general NCCL format that mean more come first (Cuda failure
# 'out of memory'); then the NCCL rows, then aws-ofi-nccl rows, each most literal text first, so that a
# general format ("Call to %s failed") cannot shadow a precise one; then the hand-written rows: NCCL's
# ncclGetErrorString strings, PyTorch c10d, nccl-tests, the SHARP plugin. A PyTorch format that starts with %s takes
# what comes before the message: the logger's "[c10d] " or "[PG 0 Rank 3] ", an exception's name ("DistNetworkError: ");
# fmt's and Python's {} are written %s. A retry whose text repeats a socket error comes before the socket's rows.
# Adding a row: copy the format from the source, derive the regex by the rules above, pick the classification (a new
# code goes into Rules.properties first, see CONTRIBUTING.md), and run MessageCatalogueTest: it checks that the regex
# compiles and matches an example built from the format, and that every corpus WARN line still matches a row.
'''
manual=[l.split('\t') for l in open(W+'/manual.tsv').read().splitlines() if l.strip()]
with open(sys.argv[1],'w') as out:
    out.write(HEADER)
    out.write('source\tformat\tregex\tclassification\tversions\tfile\tresult\tnote\n')
    for r in rows:
        out.write('\t'.join(r)+'\n')
    for m in manual:
        assert len(m)==7, m
        src,fmt,cls,ver,f,res,note=m
        out.write('\t'.join([src,fmt,regex(fmt),cls,ver,f,res,note])+'\n')
