"""Aggregates `llvm-cov export -summary-only` JSON (stdin) into line coverage per module under Sources/; with a
percentage as its argument, exits 1 when the total is below it."""
import collections
import json
import os
import sys

root = os.path.join(os.getcwd(), "Sources") + "/"
files = json.load(sys.stdin)["data"][0]["files"]
modules = collections.OrderedDict()
for entry in sorted(files, key=lambda f: f["filename"]):
    name = entry["filename"]
    if not name.startswith(root):
        continue
    parts = name[len(root):].split("/")
    module = "/".join(parts[:2]) if len(parts) > 2 else parts[0]
    lines = entry["summary"]["lines"]
    covered, count = modules.get(module, (0, 0))
    modules[module] = (covered + lines["covered"], count + lines["count"])

width = max([len(m) for m in modules] + [len("module")]) + 2
print("module".ljust(width) + "lines".rjust(8) + "covered".rjust(10))
for module, (covered, count) in modules.items():
    percent = 100.0 * covered / count if count else 100.0
    print(module.ljust(width) + str(count).rjust(8) + f"{percent:9.1f}%")
total_covered = sum(c for c, _ in modules.values())
total = sum(n for _, n in modules.values())
percent = 100.0 * total_covered / max(total, 1)
print("TOTAL".ljust(width) + str(total).rjust(8) + f"{percent:9.1f}%")
if len(sys.argv) > 1 and percent < float(sys.argv[1]):
    print(f"coverage-summary: total line coverage {percent:.1f}% is below {float(sys.argv[1]):g}%")
    sys.exit(1)
