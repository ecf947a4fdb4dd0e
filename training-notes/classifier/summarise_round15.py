"""Round 15's table from eval_round15.sh logs: /usr/bin/python3 summarise_round15.py LOG [LOG ...]"""
import re
import sys


def figures(path):
    text = open(path).read()
    out = {}
    for block in text.split("### ")[1:]:
        head, _, body = block.partition("\n")
        for m in re.finditer(r"^(development set|held-out [^ ]+|held-out art, winning hands|test-images)\s+photos\s+(\d+)\s+tiles\s+(\d+).*?accuracy\s+([\d.]+)%.*?exact hands\s+([\d.]+)%", body, re.M):
            name = head.split("/")[-1].strip() if m.group(1) == "development set" else m.group(1)
            photos, tiles, acc, exact = int(m.group(2)), int(m.group(3)), float(m.group(4)), float(m.group(5))
            out[name] = (round(photos * exact / 100), photos, round(tiles * acc / 100), tiles)
        if head.startswith("--only rows"):
            rows = re.findall(r"with the scene rules \(the default\): (\d+) scenes, exact hands (\d+)", body)
            if rows:
                out["row scenes"] = (int(rows[0][1]), int(rows[0][0]), None, None)
            turned = re.findall(r"; (\d+) of \d+ upright scenes called upside down", body)
            if turned:
                out["upright rows turned"] = (int(turned[0]), None, None, None)
        for m in re.finditer(r"^\s+(REAL haitaks .+?|held-out style \S+|REAL camerash-tiles val \(2 photos\)|REAL riichi-val equal slots)\s{2,}(\d+) crops\s+top-1\s+([\d.]+)%", body, re.M):
            out[m.group(1).strip()] = (float(m.group(3)), int(m.group(2)), None, None)
    return out


logs = sys.argv[1:]
figs = [figures(p) for p in logs]
keys = []
for f in figs:
    keys += [k for k in f if k not in keys]
print("| measure | " + " | ".join(logs) + " |")
print("|---|" + "---|" * len(logs))
for k in keys:
    cells = []
    for f in figs:
        v = f.get(k)
        if v is None:
            cells.append("")
        elif v[2] is not None:
            cells.append(f"{v[0]}/{v[1]} exact, {100 * v[2] / v[3]:.1f}% tiles")
        elif v[1] is None:
            cells.append(str(v[0]))
        elif isinstance(v[0], float):
            cells.append(f"{v[0]:.1f}% of {v[1]}")
        else:
            cells.append(f"{v[0]}/{v[1]} exact")
    print(f"| {k} | " + " | ".join(cells) + " |")
# pooled annotated figures (rule a)
for p, f in zip(logs, figs):
    ann = [v for k, v in f.items() if k.endswith("-annotated") or k in ("km_traditional", "xm_real", "gn_postmodern", "font_kouzan-mouhitsu")]
    if ann:
        print(f"{p}: annotated copies pooled: exact {sum(a[0] for a in ann)} of {sum(a[1] for a in ann)}, tiles {100 * sum(a[2] for a in ann) / sum(a[3] for a in ann):.2f}%")
