# Writes lib/couriers/catalogue/long-tail.json and lib/couriers/providers/track17-codes.json from the
# compatible API's courier list and the crosswalk match-track17.py made:
#   python3 write-catalogue-data.py COURIER_CATALOGUE.json MATCHES.json
# Couriers the project's catalogue already defines (lib/couriers/catalogue/*.ts) keep their own data.
import json, re, subprocess, sys

known = set(subprocess.run(["grep", "-rhoP", 'slug: "\\K[a-z0-9-]+', "lib/couriers/catalogue/"], capture_output=True, text=True).stdout.split())
catalogue = json.load(open(sys.argv[1]))
matches = json.load(open(sys.argv[2]))

def website(url):
    url = (url or "").strip()
    if not url:
        return None
    return "https://" + re.sub(r"^(https?://)?", "", url)

rows = []
for courier in catalogue:
    if courier["slug"] in known:
        continue
    match = matches.get(courier["slug"]) or {}
    other = courier["other_name"] if courier["other_name"] and courier["other_name"] != "None" else ""
    rows.append([courier["slug"], courier["name"].strip(), other.strip(), courier["required_fields"], match.get("country") or None, website(match.get("url"))])
rows.sort()
with open("lib/couriers/catalogue/long-tail.json", "w") as out:
    out.write("[\n" + ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\n]\n")
with open("lib/couriers/providers/track17-codes.json", "w") as out:
    out.write("{\n" + ",\n".join(f"  {json.dumps(slug)}: {json.dumps(match['code'])}" for slug, match in sorted(matches.items())) + "\n}\n")
print(f"{len(rows)} long-tail couriers, {len(matches)} 17TRACK codes")
