#!/bin/sh
# ab-bisect.sh — ab.sh --bisect's search: the first commit after GOOD, on the way to BAD, whose
# selected rows are slower than GOOD's. Each step is one ab.sh A/B of a commit against GOOD
# (paired rounds, Holm over the selected rows' sec/op at alpha), and the commits still in question
# are halved as git bisect halves them (git rev-list --bisect-all picks the commit); the answer is
# confirmed by one more A/B against its parent. docs/ab.md, "Which commit made it slower?", has
# the method and its error bounds. With measure instructions (ab.sh --counts --bisect) each step
# is a counted A/B, and a commit is slower when its instructions/op rose beyond exact_change
# (docs/counts.md).
set -eu

usage() {
  cat <<'EOF'
usage: scripts/lib/ab-bisect.sh DIR REVISIONS [-- hashbench flags]

ab.sh --bisect's search, in the results folder DIR that ab.sh made: its manifest.tsv already
names the search's settings (good, bad, path, measure, processes when given, repetitions, seed,
aslr, sample, adjust, alpha, min_change, exact_change, build_cache, started), REVISIONS is ab.sh's
revisions file of GOOD and BAD (scripts/lib/ab-revisions.sh). Builds GOOD and BAD, checks that
both run the selection, then steps through the commits between them (each step an ab.sh run in
DIR), and writes steps.tsv and the manifest's closing keys. Run it through scripts/ab.sh --bisect.
exit status: 0 done, whatever it found; 2 bad usage, or GOOD or BAD not building
EOF
}

die() { echo "ab.sh: $*" >&2; exit 2; }
case "${1:-}" in -h|--help) usage; exit 0 ;; -*) die "ab-bisect.sh: unknown option '$1' (try --help)" ;; esac
[ $# -ge 2 ] || die "ab-bisect.sh needs the results folder and the revisions file (try --help)"
out=$1 revisions=$2
shift 2
[ $# -eq 0 ] || { [ "$1" = -- ] && shift; } || die "ab-bisect.sh: the hashbench flags go after --"
[ -f "$out/manifest.tsv" ] && [ -f "$revisions" ] || die "ab-bisect.sh: '$out' has no manifest.tsv, or '$revisions' is missing"

top=$(cd "$(dirname "$0")/../.." && pwd -P)
cd "$top"
. scripts/lib/common.sh
. scripts/lib/manifest.sh
. scripts/lib/build-commit.sh
. scripts/lib/ab-revisions.sh
. scripts/lib/ab-rounds.sh

# The search's settings, as ab.sh wrote them.
m="$out/manifest.tsv"
setting() { hb_manifest_get "$m" "$1" || true; }
good=$(setting good) bad=$(setting bad) path_mode=$(setting path) procs=$(setting processes) reps=$(setting repetitions)
seed=$(setting seed) aslr=$(setting aslr) sample=$(setting sample) adjust=$(setting adjust) alpha=$(setting alpha)
min_change=$(setting min_change) exact_change=$(setting exact_change) cache=$(setting build_cache)
desc_good=$(setting description_good) desc_bad=$(setting description_bad)
counts=no
[ "$(setting measure)" != instructions ] || { counts=yes hb_build_targets="hashbench hbcount"; }
short_good=$(git rev-parse --short "$good") short_bad=$(git rev-parse --short "$bad")
key_good=$(hb_revision_of "$revisions" good key)
# Where the results land, as the user named it: relative to the top when inside it.
shown() {
  case "$1" in "$top"/*) echo "${1#"$top"/}" ;; *) echo "$1" ;; esac
}

first_parent=--first-parent
[ "$path_mode" = first-parent ] || first_parent=""
# shellcheck disable=SC2086  # first_parent is one flag or none
candidates=$(git rev-list $first_parent --count "$bad" --not "$good")

bisect_start=$(date +%s)
mkdir "$out/builds"
hb_work_dir hb-bisect
[ -n "$cache" ] || { cache="$work/cache"; mkdir "$cache"; }

builds_done=0 builds_reused=0 builds_failed=0
# build_sources COMMIT: sets bin to COMMIT's hashbench, built into the cache under the id of its
# sources unless a build of the same sources is there; the log goes to builds/<short>.log. Status 1
# when it does not build.
build_sources() {
  bkey=$(hb_code_key "$1") bshort=$(git rev-parse --short "$1")
  bin="$cache/$bkey/bin/hashbench"
  if hb_built "$cache/$bkey"; then
    builds_reused=$((builds_reused + 1))
    echo "reusing the build of the same sources in $cache/$bkey" >>"$out/builds/$bshort.log"
    return 0
  fi
  echo "ab.sh: building $bshort ..." >&2
  hb_build_commit "$1" "$work/src-$bshort" "$cache/$bkey" "$out/builds/$bshort.log" ||
    { builds_failed=$((builds_failed + 1)); return 1; }
  builds_done=$((builds_done + 1))
}
# GOOD and BAD must build, and run the selection, before anything is measured.
for which in good bad; do
  if [ "$which" = good ]; then c=$good s=$short_good; else c=$bad s=$short_bad; fi
  build_sources "$c" || die "--bisect: $which $s does not build; see $(shown "$out")/builds/$s.log"
  [ "$counts" = no ] || bin=${bin%hashbench}hbcount
  m_rows=$(hb_check_selection "$bin" "$@") || exit 2
done
# Pairs per step: the fewest, even and at least 8, with which a slowdown seen in every round but
# one (the odd round's change among the three smallest) is significant for one of the m selected
# rows under the step's adjustment (hbab pairs-needed; docs/ab.md).
if [ -z "$procs" ]; then
  procs=$(build/bin/hbab pairs-needed -rows "$m_rows" -alpha "$alpha" -adjust "$adjust") || exit 2
  hb_manifest_put "$m" processes "$procs"
fi
hb_manifest_put "$m" candidates "$candidates"
hb_manifest_put "$m" rows "$m_rows"
printf 'step\trole\tcommit\tbase\tverdict\thow\trows_slower\tdetectable_max\tfolder\n' >"$out/steps.tsv"

if [ "$counts" = yes ]; then
  echo "bisect: $candidates commits after $desc_good up to $desc_bad ($path_mode path); $m_rows rows a step, counted twice a side"
else
  echo "bisect: $candidates commits after $desc_good up to $desc_bad ($path_mode path); $m_rows rows a step, $procs processes of $reps repetitions a side"
fi

# step_verdict DIR BASE: the verdict of the A/B run in DIR, as hbab verdict gives it over the
# run's processes with the step's statistics, its first column named BASE: sets verdict (slower
# or not-slower), rows_slower, detectable_max and verdict_text (the summary, one line or more).
# Status 1 when hbab refuses (its reason is then added to DIR/ab.log).
step_verdict() {
  dir=$1 base_name=$2
  step_inputs=$(hb_run_inputs "$dir") || return 1
  set --
  for input in $step_inputs; do
    label=${input%%=*}
    [ "$label" != old ] || label=$base_name
    set -- "$@" "$label=${input#*=}"
  done
  vstatus=0
  if [ "$counts" = yes ]; then
    build/bin/hbab verdict "$min_change" ${exact_change:+-exact-change "$exact_change"} -filter .unit:instructions/op \
      "$@" >"$work/verdict.tsv" 2>"$work/verdict.err" || vstatus=$?
  else
    build/bin/hbab verdict "$min_change" -sample "$sample" -adjust "$adjust" -alpha "$alpha" -detectable \
      -filter .unit:sec/op "$@" >"$work/verdict.tsv" 2>"$work/verdict.err" || vstatus=$?
  fi
  [ "$vstatus" = 0 ] || { cat "$work/verdict.err" >>"$dir/ab.log"; return 1; }
  IFS=$(printf '\t') read -r verdict rows_slower detectable_max summary <<EOF
$(hb_tsv_columns verdict rows_slower detectable_max summary <"$work/verdict.tsv")
EOF
  [ -n "$summary" ] || return 1
  # The summary is a TSV field: its newlines come written as \n (and a backslash as \\).
  verdict_text=$(printf '%b' "$summary")
}

steps=0 step_no=0
# measure ROLE BASE COMMIT NAME: one A/B of COMMIT against BASE (both built) into NAME/, its rows
# read; sets verdict (slower, not-slower, or skipped when the A/B failed) and verdict_text.
measure() {
  role=$1 base=$2 commit=$3 name=$4
  shift 4
  steps=$((steps + 1))
  echo "ab.sh: $role: $(git rev-parse --short "$commit") against $(git rev-parse --short "$base") ($(shown "$out")/$name)" >&2
  status=0
  # shellcheck disable=SC2086  # the options are words
  if [ "$counts" = yes ]; then
    "$top/scripts/ab.sh" --out "$out/$name" --build-cache "$cache" --counts ${exact_change:+--exact-change "$exact_change"} \
      "$base" "$commit" -- "$@" >"$work/ab.out" 2>"$work/ab.err" || status=$?
  else
    "$top/scripts/ab.sh" --out "$out/$name" --build-cache "$cache" -n "$procs" -r "$reps" ${seed:+--seed "$seed"} \
      $([ "$aslr" = yes ] || echo --no-aslr) $([ "$sample" = paired ] || echo --unpaired) \
      --adjust "$adjust" --alpha "$alpha" "$base" "$commit" -- "$@" >"$work/ab.out" 2>"$work/ab.err" || status=$?
  fi
  [ "$status" -lt 128 ] || exit "$status"
  if [ "$status" -ne 0 ] || [ ! -s "$out/$name/table.tsv" ]; then
    mkdir -p "$out/$name"
    cat "$work/ab.out" "$work/ab.err" >"$out/$name/ab.log" 2>/dev/null || true
    verdict=skipped how=run-failed verdict_text="the A/B failed (exit $status; see $(shown "$out")/$name/ab.log): skipped"
    rows_slower="" detectable_max=""
    return 0
  fi
  cp "$work/ab.out" "$out/$name/ab.out"
  cp "$work/ab.err" "$out/$name/ab.log"
  if [ "$base" = "$good" ]; then based=good; else based="its parent"; fi
  if ! step_verdict "$out/$name" "$based"; then
    verdict=skipped how=run-failed verdict_text="no verdict (see $(shown "$out")/$name/ab.log): skipped"
    rows_slower="" detectable_max=""
    return 0
  fi
  how=measured
}
# record ROLE COMMIT BASE FOLDER: a line of steps.tsv for the verdict just given.
record() {
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$step_no" "$1" "$2" "$3" "$verdict" "$how" "$rows_slower" \
    "$detectable_max" "$4" >>"$out/steps.tsv"
}
# say LABEL COMMIT: the step's verdict on stdout: its commit and subject, then what it found.
say() {
  printf '%s: %s %s — %s\n' "$1" "$(git rev-parse --short "$2")" "$(git log -1 --format=%s "$2")" "$verdict_text"
}

# Verdicts known without measuring, by the id of the sources: GOOD's sources are not slower than
# GOOD's, and the sources a step measured are what that step found. BAD's sources are measured
# like any other the first time a step meets them (BAD is taken to be slower, not known to be).
known="$work/known.tsv"
printf '%s\tnot-slower\tgood\tthe same sources\n' "$key_good" >"$known"
# known_verdict KEY: sets verdict, known_from (a short commit id, or good) and known_text (what the
# step that measured it said) when the sources KEY have a verdict; status 1 when not.
known_verdict() {
  line=$(grep -m 1 "^$1	" "$known") || return 1
  line=${line#*	}
  verdict=${line%%	*} line=${line#*	}
  known_from=${line%%	*} known_text=${line#*	}
}
# bad_assumed: the slowness of bad_now is BAD's, taken on trust, not measured.
goods=$good bad_now=$bad bad_assumed=yes skipped=""
while :; do
  # The best commit to try next: git's bisection order, less the commits skipped.
  # shellcheck disable=SC2086  # first_parent is one flag or none; goods is a list of commits
  next=$(git rev-list $first_parent --bisect-all "$bad_now" --not $goods |
    awk -v skip=" $skipped $bad_now " 'index(skip, " " $1 " ") == 0 { print $1; exit }')
  [ -n "$next" ] || break
  step_no=$((step_no + 1))
  nkey=$(hb_code_key "$next") nshort=$(git rev-parse --short "$next")
  rows_slower="" detectable_max="" folder=""
  if known_verdict "$nkey"; then
    how=same-sources
    case "$known_from" in
      good) verdict_text="not slower: the same sources as good (not measured)" ;;
      *) verdict_text="$(echo "$verdict" | tr - ' '): the same sources as $known_from, measured in an earlier step" ;;
    esac
  elif ! build_sources "$next"; then
    verdict=skipped how=build-failed verdict_text="does not build (see $(shown "$out")/builds/$nshort.log): skipped"
  else
    folder="step-$step_no-$nshort"
    measure "step $step_no" "$good" "$next" "$folder" "$@"
    [ "$verdict" = skipped ] || printf '%s\t%s\t%s\t%s\n' "$nkey" "$verdict" "$nshort" "$verdict_text" | head -n 1 >>"$known"
  fi
  record bisect "$next" "$good" "$folder"
  say "step $step_no" "$next"
  case "$verdict" in
    slower) bad_now=$next bad_assumed=no ;;
    not-slower) goods="$goods $next" ;;
    skipped) skipped="$skipped $next" ;;
  esac
done

# The commits still in question: the first slower one, and those skipped before it.
# shellcheck disable=SC2086
left=$(git rev-list $first_parent "$bad_now" --not $goods | awk -v skip=" $skipped " 'index(skip, " " $1 " ")')
first=$bad_now
confirmed=no
# confirm COMMIT PARENT: the A/B of COMMIT against its parent; sets confirmed (yes, no, skipped).
confirm() {
  f=$1 p=$2
  shift 2
  step_no=$((step_no + 1))
  rows_slower="" detectable_max="" folder=""
  if [ "$(hb_code_key "$p")" = "$(hb_code_key "$f")" ]; then
    verdict=not-slower how=same-sources verdict_text="not slower: the same sources as its parent (not measured)"
  elif ! build_sources "$p"; then
    verdict=skipped how=build-failed verdict_text="its parent does not build (see $(shown "$out")/builds/$(git rev-parse --short "$p").log): not confirmed"
  else
    folder="confirm-$(git rev-parse --short "$f")"
    measure confirmation "$p" "$f" "$folder" "$@"
  fi
  record confirm "$f" "$p" "$folder"
  say "confirmation, against its parent $(git rev-parse --short "$p")" "$f"
  case "$verdict" in slower) confirmed=yes ;; not-slower) confirmed=no ;; *) confirmed=skipped ;; esac
}
found=yes
# BAD, taken to be slower, may have the sources of a commit a step measured: that verdict is BAD's.
if [ "$bad_assumed" = yes ] && known_verdict "$(hb_code_key "$first")"; then
  if [ "$verdict" = slower ]; then
    bad_assumed=no
  else
    found=no verdict_text="not slower: it has the sources of $known_from, which was measured $known_text"
  fi
fi
parent=$(git rev-parse "$first^1")
[ "$found" = no ] || confirm "$first" "$parent" "$@"
if [ "$found" = no ]; then
  : # decided above
elif [ "$bad_assumed" = yes ] && [ "$confirmed" != yes ] && [ "$parent" != "$good" ]; then
  # No step measured a slower commit, and the answer, slower only as BAD was taken to be, is not
  # slower than its parent: whether it (BAD's sources) is slower than GOOD at all is measured once.
  step_no=$((step_no + 1))
  rows_slower="" detectable_max="" folder="check-$(git rev-parse --short "$first")"
  measure "check" "$good" "$first" "$folder" "$@"
  record check "$first" "$good" "$folder"
  say "check, against good" "$first"
  [ "$verdict" = slower ] || found=no
elif [ "$bad_assumed" = yes ] && [ "$parent" = "$good" ] && [ "$confirmed" = no ]; then
  found=no # the confirmation was the answer against GOOD itself
fi

elapsed=$(( $(date +%s) - bisect_start ))
hb_manifest_put "$m" steps "$steps"
hb_manifest_put "$m" builds_done "$builds_done"
hb_manifest_put "$m" builds_reused "$builds_reused"
hb_manifest_put "$m" builds_failed "$builds_failed"
hb_manifest_put "$m" wall_seconds "$elapsed"
echo "ab.sh: $steps A/B runs, $builds_done builds done and $builds_reused reused, $elapsed s; results in $(shown "$out")" >&2
if [ "$found" = no ]; then
  hb_manifest_put "$m" first_slower ""
  hb_manifest_put "$m" confirmed ""
  echo "no slower commit found: BAD $desc_bad is $verdict_text"
  exit 0
fi
hb_manifest_put "$m" first_slower "$first"
hb_manifest_put "$m" confirmed "$confirmed"
if [ -n "$left" ]; then
  hb_manifest_put "$m" undecided $left
  echo "the first slower commit may also be one of these, which did not build or run: $(for c in $left; do git rev-parse --short "$c"; done | paste -sd ' ' -)"
fi
case "$confirmed" in
  yes) ;;
  no) echo "not confirmed: $(git rev-parse --short "$first") is slower than good but not than its parent (a slowdown spread over several commits, or a false alarm in a step)" ;;
  skipped) echo "not confirmed: the comparison with its parent could not be made" ;;
esac
echo "first slower commit: $first $(git log -1 --format=%s "$first")"
exit 0
