# Builds the 17TRACK crosswalk candidates: python3 match-track17.py COURIER_CATALOGUE.json 17TRACK.tsv OVERRIDES.json OUT.json
# Matching: website host, then country and normalised name; track17-overrides.json holds the pairs reviewed by hand.
import json,csv,re,collections,sys
cat=json.load(open(sys.argv[1]))
rows=list(csv.DictReader(open(sys.argv[2]),delimiter='\t'))
for r in rows:
    for k in r: r[k]=(r[k] or '').strip()
STOP={'express','post','postal','logistics','logistic','courier','couriers','delivery','deliveries','international','parcel','parcels','shipping','co','ltd','inc','llc','group','the','services','service','company','corp','corporation','transport','freight','global','worldwide','limited','gmbh','sa','srl','bv','ag','cargo','tracking','api','supply','chain','solutions','solution','packet','pty','sl','spa','sas','as','ab','oy','kft','sro','plc','intl','of','and','en','de','la','el','le','do','da','e','kg','ug','llp','pvt','private','sdn','bhd','jsc','pte','pvt','sac','sarl','eirl','ltda','nv','oü','spółka','sp','z','o'}
COUNTRY={'uk':'GB','gb':'GB','united kingdom':'GB','britain':'GB','us':'US','usa':'US','germany':'DE','deutschland':'DE','de':'DE','france':'FR','fr':'FR','spain':'ES','españa':'ES','es':'ES','italy':'IT','italia':'IT','it':'IT','netherlands':'NL','nl':'NL','holland':'NL','belgium':'BE','be':'BE','australia':'AU','au':'AU','new zealand':'NZ','nz':'NZ','canada':'CA','ca':'CA','china':'CN','cn':'CN','hong kong':'HK','hk':'HK','japan':'JP','jp':'JP','korea':'KR','kr':'KR','india':'IN','in':'IN','singapore':'SG','sg':'SG','malaysia':'MY','my':'MY','thailand':'TH','th':'TH','vietnam':'VN','vn':'VN','indonesia':'ID','philippines':'PH','ph':'PH','taiwan':'TW','tw':'TW','brazil':'BR','brasil':'BR','br':'BR','brazilian':'BR','mexico':'MX','mx':'MX','argentina':'AR','chile':'CL','colombia':'CO','peru':'PE','south africa':'ZA','za':'ZA','uae':'AE','ae':'AE','saudi':'SA','turkey':'TR','tr':'TR','poland':'PL','pl':'PL','czech':'CZ','cz':'CZ','slovakia':'SK','sk':'SK','hungary':'HU','hu':'HU','romania':'RO','ro':'RO','bulgaria':'BG','greece':'GR','gr':'GR','portugal':'PT','pt':'PT','austria':'AT','at':'AT','switzerland':'CH','ch':'CH','sweden':'SE','se':'SE','norway':'NO','no':'NO','denmark':'DK','dk':'DK','finland':'FI','fi':'FI','ireland':'IE','ie':'IE','russia':'RU','ru':'RU','ukraine':'UA','ua':'UA','israel':'IL','il':'IL','egypt':'EG','nigeria':'NG','kenya':'KE','lithuania':'LT','lt':'LT','latvia':'LV','lv':'LV','estonia':'EE','ee':'EE','croatia':'HR','hr':'HR','slovenia':'SI','si':'SI','serbia':'RS','pakistan':'PK','bangladesh':'BD','sri lanka':'LK','luxembourg':'LU','lu':'LU','german':'DE','french':'FR','spanish':'ES','italian':'IT','dutch':'NL','japanese':'JP','chinese':'CN','korean':'KR','swiss':'CH','polish':'PL','hellenic':'GR','russian':'RU','thai':'TH','mys':'MY','malaysian':'MY','indonesian':'ID','vietnamese':'VN','sgp':'SG','aus':'AU','nzl':'NZ','gbr':'GB','deu':'DE','fra':'FR','esp':'ES','ita':'IT','nld':'NL','usa':'US','can':'CA','ind':'IN','jpn':'JP','kor':'KR','chn':'CN','hkg':'HK','phl':'PH','tha':'TH','vnm':'VN','idn':'ID','bra':'BR','mex':'MX','da':'DK','dk':'DK'}
MULTI=[k for k in COUNTRY if ' ' in k]
VARIANT=re.compile(r'-(api|webhook|sftp|ftp|connum|reference|ref|mobile|push|pickup|tracking)$')
def analyse(s):
    s=s.lower().strip()
    hints=set()
    for m in re.findall(r'\(([^)]*)\)',s):
        m=m.strip()
        if m in COUNTRY: hints.add(COUNTRY[m])
    s=re.sub(r'\(.*?\)',' ',s)
    for k in MULTI:
        if k in s: hints.add(COUNTRY[k]); s=s.replace(k,' ')
    t=re.findall(r'[a-z0-9\u00c0-\u024f\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]+',s)
    out=[]
    for n,x in enumerate(t):
        if x in COUNTRY and (len(x)>2 or (n==len(t)-1 and len(t)>1)): hints.add(COUNTRY[x]); continue
        out.append(x)
    core=[x for x in out if x not in STOP] or out
    return ' '.join(sorted(core)), ''.join(out), hints, ''.join(core)
idx=collections.defaultdict(set)
info=[]
tokensets=[]
for i,r in enumerate(rows):
    key,full,h,joined=analyse(r['name'])
    if r['country']: h=h|{r['country']}
    info.append(h)
    tokensets.append(set(key.split()))
    if len(key.replace(' ',''))>=2: idx['k:'+key].add(i)
    if len(joined)>=4: idx['c:'+joined].add(i)
    if len(full)>=3: idx['f:'+full].add(i)
    host=re.sub(r'^(https?://)?(www\.)?','',r['url'].lower()).split('/')[0]
    if host:
        parts=host.split('.')
        base=parts[0] if parts[0] not in ('track','tracking','en','m','my','web') or len(parts)<3 else parts[1]
        if len(base)>=4: idx['h:'+base].add(i)
def match(c):
    base=VARIANT.sub('',c['slug'])
    found=set(); hints=set()
    last=base.rsplit('-',1)
    if len(last)==2 and last[1] in COUNTRY: hints.add(COUNTRY[last[1]])
    names=[c['name'],base.replace('-',' ')]+[p for p in (c['other_name'] or '').split(',') if p.strip() and p!='None']
    keys=[]
    for s in names:
        key,full,h,joined=analyse(s); hints|=h; keys.append(key)
        found|=idx.get('k:'+key,set())|idx.get('f:'+full,set())
        if len(joined)>=4: found|=idx.get('c:'+joined,set())
    if not found:
        # Containment, only for a distinctive word and a single carrier that has every word of the name.
        for key in keys[:1]:
            words=set(key.split())
            if not any(len(w)>=5 for w in words): continue
            sup=[i for i,ts in enumerate(tokensets) if words<=ts]
            if hints: sup=[i for i in sup if info[i]&hints]
            if len(sup)==1: found|=set(sup)
    sl=base.replace('-','')
    if len(sl)>=4: found|=idx.get('h:'+sl,set())
    if not found: return None
    cands=list(found)
    if hints:
        inc=[i for i in cands if info[i]&hints]
        if inc: cands=inc
        elif len(cands)>1: return None
    if not hints:
        # A slug naming no country stands for the courier's main service, not a country's branch.
        plain=[i for i in cands if not analyse(rows[i]['name'])[2]]
        if plain: cands=plain
    cname=analyse(c['name'])[1]
    exact=[i for i in cands if analyse(rows[i]['name'])[1]==cname]
    if exact: cands=exact
    cands.sort(key=lambda i:int(rows[i]['code']))
    return rows[cands[0]]
mapping={}
for c in cat:
    r=match(c)
    if r: mapping[c['slug']]=r
# A variant slug (…-api, …-webhook, …-sftp) is the same courier as its base slug.
slugs={c['slug'] for c in cat}
for c in cat:
    base=VARIANT.sub('',c['slug'])
    if c['slug'] not in mapping and base!=c['slug'] and base in mapping: mapping[c['slug']]=mapping[base]
OVERRIDES=json.load(open(sys.argv[3]))
byc={r['code']:r for r in rows}
for slug,code in OVERRIDES.items():
    if code is None: mapping.pop(slug,None)
    else: mapping[slug]=byc[code]
print('mapped',len(mapping),file=sys.stderr)
json.dump({k:{'code':v['code'],'name':v['name'],'country':v['country'],'url':v['url']} for k,v in mapping.items()},open(sys.argv[4],'w'),indent=0,ensure_ascii=False)
