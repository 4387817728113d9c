# Sourced by the benchmarks: the generated corpus of N skills, made once
# per seed and cached (delete the folder to regenerate). Written under a
# temporary name and renamed when complete, so a killed run leaves no half
# corpus to be reused.
#   ensure_corpus N SEED FOLDER
ensure_corpus() {
  local n=$1 seed=$2 corpus=$3
  [ -f "$corpus/manifest.txt" ] && return 0
  echo "generating $n skills (seed $seed) into $corpus" >&2
  mkdir -p "$(dirname "$corpus")"
  rm -rf "$corpus.tmp"
  python3 bench/gen_corpus.py --skills "$n" --seed "$seed" --out "$corpus.tmp"
  mv "$corpus.tmp" "$corpus"
}
