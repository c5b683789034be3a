import os, sys, json, collections
d = sys.argv[1]
tot = json.load(open(os.path.join(d, "total")))
ev = collections.defaultdict(list)
for f in os.listdir(d):
    if f.endswith(".log"):
        for line in open(os.path.join(d, f)):
            pid, kind, w, c, *x = line.rstrip("\n").split(" ", 4)
            ev[int(pid)].append((kind, float(w), float(c), x[0] if x else ""))
main = next(p for p, e in ev.items() if e[0][0] == "main_entry")
workers = [p for p in ev if p != main]
M = ev[main]
def first(kind, p=main):
    return next(e for e in ev[p] if e[0] == kind)
def last(kind, p=main):
    return [e for e in ev[p] if e[0] == kind][-1]
T = tot["wall"]
print(f"total wall {T:.3f}  tree cpu {tot['cpu']:.3f}  (cpu/wall {tot['cpu']/T:.2f}); other processes' cpu meanwhile {tot.get('others', float('nan')):.3f}")
for e in M:
    if e[0] not in ("result",):
        print(f"  main {e[0]:24s} wall {e[1]:.3f} cpu {e[2]:.3f} {e[3]}")
res = [e for e in M if e[0] == "result"]
ipools = [e for e in M if e[0] in ("in_pool_start", "in_pool_end")]
print("  first result", res[0][1] if res else None, "results", len(res))
wk = {}
for p in workers:
    E = ev[p]
    init = first("worker_init", p)
    cs = [e for e in E if e[0] == "chunk_start"]; ce = [e for e in E if e[0] == "chunk_end"]
    files = [e for e in E if e[0] == "file_end"]
    # waiting gaps between chunks (wall)
    gaps = sum(cs[i+1][1] - ce[i][1] for i in range(len(ce) - 1))
    wk[p] = dict(init=init[1], first=cs[0][1], last_end=ce[-1][1], cpu=ce[-1][2], chunks=len(cs), files=len(files), gaps=gaps)
    print(f"  worker {p}: init {init[1]:.3f} first chunk {cs[0][1]:.3f} last chunk end {ce[-1][1]:.3f} cpu {ce[-1][2]:.3f} chunks {len(cs)} files {len(files)} wall-in-chunks {sum(ce[i][1]-cs[i][1] for i in range(len(ce))):.3f} gaps {gaps:.3f}")
    # chunks after first in_pool end (second analyses)
ip_end1 = next(e for e in M if e[0] == "in_pool_end")
fork = min(w["init"] for w in wk.values())
# per-worker last chunk end within first pool
def main_cpu_at(t):
    prev = M[0]
    for e in M:
        if e[1] > t: break
        prev = e
    return prev[2]
lastends = []
for p in workers:
    E = ev[p]
    ce = [e for e in E if e[0] == "chunk_end" and e[1] <= ip_end1[1] + 1e-6]
    lastends.append(ce[-1][1] if ce else fork)
print(f"phases: start->fork {fork:.3f}; fork->first chunk {min(w['first'] for w in wk.values())-fork:.3f}; "
      f"pool (first chunk -> last result of first pass) {ip_end1[1]-min(w['first'] for w in wk.values()):.3f}; "
      f"tail (first worker done -> other done) {max(lastends)-min(lastends):.3f}; "
      f"after pool -> render {first('render_start')[1]-ip_end1[1]:.3f}; render {first('render_end')[1]-first('render_start')[1]:.3f}; "
      f"render end -> exit {T-first('render_end')[1]:.3f}")
# idle core-seconds by cause (wall-based, 2 cores)
idle = {}
idle["start-up before fork"] = 2*fork - main_cpu_at(fork)
s = min(w["first"] for w in wk.values())
idle["pool start (fork->work)"] = sum(w["first"] - fork for w in wk.values())
idle["tail (a worker done, waiting for last result)"] = sum(ip_end1[1] - le for le in lastends)
ra = first("render_start")[1]
wcpu_after = sum(max(0, [e for e in ev[p] if e[0]=="chunk_end"][-1][2] - [e for e in ev[p] if e[0]=="chunk_end" and e[1] <= ip_end1[1]+1e-6][-1][2]) for p in workers)
idle["project step after pool"] = 2*(ra - ip_end1[1]) - (main_cpu_at(ra) - main_cpu_at(ip_end1[1])) - wcpu_after
re_ = first("render_end")[1]
idle["render + exit"] = 2*(T - ra) - (tot["cpu"] - sum(w["cpu"] for w in wk.values()) - main_cpu_at(ra))
# in the pool: 2 cores*(span) - worker cpu - main cpu in span
span = ip_end1[1] - s
wcpu_pool = sum(e[2] - [x for x in ev[p] if x[0]=="chunk_start"][0][2] for p in workers for e in [[x for x in ev[p] if x[0]=="chunk_end" and x[1] <= ip_end1[1]+1e-6][-1]])
mcpu_pool = main_cpu_at(ip_end1[1]) - main_cpu_at(s)
print(f"pool span {span:.3f}: workers' cpu in it {wcpu_pool:.3f}, main's cpu {mcpu_pool:.3f}; capacity 2x = {2*span:.3f}; unused (incl. tail, load) {2*span - wcpu_pool - mcpu_pool:.3f}")
for k, v in idle.items():
    print(f"  idle {k:48s} {v:.3f} core-s")
print(f"  sum {sum(idle.values()):.3f}; total capacity {2*T:.3f} - tree cpu {tot['cpu']:.3f} = {2*T-tot['cpu']:.3f}")
