#!/bin/bash
# Before/after `fix --apply` on public projects, on stock CPU torch (docs/fix.md, "Public projects").
#
#   NEURON_MIGRATE_EXT=<folder with the checkouts> scripts/before_after.sh nanogpt|wlm|mingpt [WORK]
#
# Copies the checkout to WORK (default: a new temporary folder) once as it is and once per style
# (neuron, portable) and mode (safe, --unsafe-fixes), applies `fix`, runs the same CPU command in
# each and compares the printed results (timings stripped). Data a run downloads is made from this
# repository's docs instead. Prints the lines `fix` changed and whether the results are identical.
set -eu
P=$1; OUT=${2:-$(mktemp -d)}; mkdir -p "$OUT"; NM=$(cd "$(dirname "$0")/.." && pwd); EXT=${NEURON_MIGRATE_EXT:?set it}
SUB=.; DIFFROOT=.
case $P in
  nanogpt) SRC=$EXT/nanoGPT
    CMD="python train.py config/train_shakespeare_char.py --device=cpu --compile=False --eval_iters=2
         --eval_interval=5 --log_interval=1 --block_size=64 --batch_size=4 --n_layer=2 --n_head=2
         --n_embd=64 --max_iters=5 --lr_decay_iters=5 --dropout=0.0 --always_save_checkpoint=False"
    FILTER='s/, time [0-9.]*ms//; s/, mfu .*//'; GREP='^(step|iter) ';;
  wlm) SRC=$EXT/examples; SUB=word_language_model; DIFFROOT=$SUB
    CMD="python main.py --epochs 1 --emsize 16 --nhid 16 --nlayers 1 --bptt 10 --batch_size 20 --seed 1
         --save model.pt --log-interval 5"
    FILTER='s/ms\/batch *[0-9.]*//; s/time: *[0-9.]*s//'; GREP='loss|ppl';;
  mingpt) SRC=$EXT/minGPT; SUB=projects/adder
    CMD="python adder.py --trainer.max_iters=21 --trainer.num_workers=0 --system.work_dir=out"
    FILTER='s/iter_dt [0-9.]*ms; //'; GREP='loss|score|claims';;
  *) echo "unknown project $P" >&2; exit 2;;
esac
corpus() { cat "$NM"/docs/*.md; }
prep() {
  rm -rf "$1" && cp -r "$SRC" "$1"
  if [ "$P" = nanogpt ]; then  # its prepare.py downloads Shakespeare when input.txt is missing
    corpus > "$1/data/shakespeare_char/input.txt"
    (cd "$1/data/shakespeare_char" && python prepare.py > /dev/null)
  elif [ "$P" = wlm ]; then  # wikitext-2 is not in the checkout
    mkdir -p "$1/$SUB/data/wikitext-2"
    corpus | head -300 > "$1/$SUB/data/wikitext-2/train.txt"
    corpus | sed -n 301,400p > "$1/$SUB/data/wikitext-2/valid.txt"
    corpus | sed -n 401,500p > "$1/$SUB/data/wikitext-2/test.txt"
  fi
}
run() { (cd "$1/$SUB" && PYTHONPATH="$1" timeout 900 $CMD 2>&1 || true) | sed -E "$FILTER" | grep -E "$GREP" || true; }
prep "$OUT/$P-orig"; run "$OUT/$P-orig" > "$OUT/$P-orig.out"
echo "$P: $(wc -l < "$OUT/$P-orig.out") lines of results"
for style in neuron portable; do for mode in safe unsafe; do
  d=$OUT/$P-$style-$mode; prep "$d"
  flags=(); [ $mode = unsafe ] && flags=(--unsafe-fixes)
  (cd "$NM" && PYTHONPATH="$NM" python -m neuron_migrate fix "$d" --apply --no-cache -q --style $style "${flags[@]}" > /dev/null 2>&1 || true)
  changed=$(diff -r -x '*.bin' -x '*.pkl' -x input.txt -x data -x out -x __pycache__ "$OUT/$P-orig/$DIFFROOT" "$d/$DIFFROOT" | grep -c '^[<>]' || true)
  run "$d" > "$d.out"
  if cmp -s "$OUT/$P-orig.out" "$d.out"; then same=identical; else same=DIFFERENT; fi
  echo "$P $style $mode: lines changed $changed, printed results $same"
done; done
