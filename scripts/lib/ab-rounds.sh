# ab-rounds.sh — sourced by ab.sh: the rounds of a timed A/B, as its order.txt says (hbab run-order
# or duet-order): each process from a fresh copy of its revision's binary, its JSON kept as
# LABEL-ROUND.json in the results folder (round 0, the warm-up, discarded), its output appended to
# run-LABEL.log. Sequential rounds run one process after the other on one pinned CPU; duet rounds
# run a round's two processes at once, each on a CPU of its own (and optionally in a cgroup of its
# own). POSIX sh; expects set -eu and ab-revisions.sh.

# hb_revision_at FILE INDEX COLUMN: the COLUMN of the INDEX-th revision (from 1) of the revisions
# file FILE.
hb_revision_at() {
  hb_revisions "$1" "$3" | sed -n "$2p"
}

# hb_sequential_rounds OUT REVISIONS WORK REPS RUNNER -- FLAGS...: OUT/order.txt's processes
# ("ROUND REVISION" lines), one after the other, each as RUNNER WORK/hashbench FLAGS with REPS
# repetitions in random interleaving. Status 1 with one line on stderr when a process fails.
hb_sequential_rounds() {
  out=$1 revisions=$2 work=$3 reps=$4 runner=$5
  shift 6
  while read -r round index; do
    label=$(hb_revision_at "$revisions" "$index" label) bin=$(hb_revision_at "$revisions" "$index" binary)
    if [ "$round" = 0 ]; then json="$work/warmup.json"; else json="$out/$label-$round.json"; fi
    # Each run starts from a fresh copy of its binary. A binary file's code sits in the same
    # physical pages of the page cache for as long as the file lives, so one build could keep a
    # cache-set placement that favours or hurts it in every run: a fresh copy draws new pages.
    rm -f "$work/hashbench"
    cp "$bin" "$work/hashbench"
    # shellcheck disable=SC2086  # runner is a command prefix to split
    if ! $runner "$work/hashbench" "$@" --benchmark_repetitions="$reps" \
         --benchmark_enable_random_interleaving=true --benchmark_out="$json" --benchmark_out_format=json \
         >>"$out/run-$label.log" 2>&1; then
      echo "ab.sh: hashbench ($label, round $round) failed; see $out/run-$label.log" >&2
      return 1
    fi
  done <"$out/order.txt"
  rm -f "$work/warmup.json"
}

# hb_duet_rounds OUT REVISIONS WORK REPS ASLR CPUS CGROUPS -- FLAGS...: OUT/order.txt's rounds
# ("ROUND REVISION SLOT" lines, two a round in the order they start): the round's two processes at
# once, the one on slot S pinned to the S-th CPU of CPUS (with setarch -R when ASLR is no), each in
# a cgroup of its own on that CPU when CGROUPS names a cpuset hierarchy (hb_cgroup_kind). Both
# sides run the rows in registration order, so that one row runs on both CPUs at about the same
# time. Status 1 with one line on stderr when a process fails.
hb_duet_rounds() {
  out=$1 revisions=$2 work=$3 reps=$4 aslr=$5 cpus=$6 cgroups=$7
  shift 8
  norandom=""
  [ "$aslr" = yes ] || norandom="setarch $(uname -m) -R"
  [ "$cgroups" = none ] || hb_cgroups_make "$cgroups" "$cpus" || return 1
  while read -r round index slot && read -r round2 index2 slot2; do
    [ "$round" = "$round2" ] || { echo "ab.sh: $out/order.txt: round $round has one process" >&2; return 1; }
    pids=""
    for side in "$index $slot" "$index2 $slot2"; do
      i=${side% *} s=${side#* }
      label=$(hb_revision_at "$revisions" "$i" label)
      if [ "$round" = 0 ]; then json="$work/warmup-$s.json"; else json="$out/$label-$round.json"; fi
      cpu=$(echo "$cpus" | cut -d ' ' -f "$s")
      mkdir -p "$work/slot-$s"
      rm -f "$work/slot-$s/hashbench"
      cp "$(hb_revision_at "$revisions" "$i" binary)" "$work/slot-$s/hashbench"
      # shellcheck disable=SC2086  # norandom is a command prefix to split
      hb_in_cgroup "$cgroups" "$s" taskset -c "$cpu" $norandom "$work/slot-$s/hashbench" "$@" \
        --benchmark_repetitions="$reps" --benchmark_out="$json" --benchmark_out_format=json \
        </dev/null >>"$out/run-$label.log" 2>&1 &
      pids="$pids $!:$label"
    done
    failed=""
    for pid in $pids; do
      wait "${pid%%:*}" || failed="$failed ${pid#*:}"
    done
    for label in $failed; do
      echo "ab.sh: hashbench ($label, round $round) failed; see $out/run-$label.log" >&2
      return 1
    done
  done <"$out/order.txt"
  rm -f "$work"/warmup-*.json
}

# hb_run_inputs DIR: the processes' JSON of the run in DIR as hbstat's label=path inputs, one a line,
# as the run gave them: revision by revision (manifest.tsv's labels), each revision's in the order
# of its rounds (order.txt's lines "ROUND REVISION [SLOT]"; round 0, the warm-up, is not kept).
# When a file is missing, prints why instead and returns 1.
hb_run_inputs() {
  i=0
  for label in $(hb_manifest_get "$1/manifest.tsv" labels); do
    i=$((i + 1))
    while read -r round index rest; do
      [ "$round" != 0 ] && [ "$index" = "$i" ] || continue
      [ -f "$1/$label-$round.json" ] || { echo "$1 lacks $label-$round.json"; return 1; }
      echo "$label=$1/$label-$round.json"
    done <"$1/order.txt"
  done
}

# hb_usable_cpus: the CPUs this process may run on (its affinity, as the kernel lists it in
# /proc/self/status; else every CPU nproc counts), as numbers separated by spaces; none without
# taskset to pin to them.
hb_usable_cpus() {
  command -v taskset >/dev/null 2>&1 || return 0
  list=$(awk -F':[ \t]*' '$1 == "Cpus_allowed_list" { print $2 }' /proc/self/status 2>/dev/null)
  [ -n "$list" ] || list="0-$(($(nproc 2>/dev/null || echo 1) - 1))"
  echo "$list" | tr ',' '\n' | awk -F- '{ last = NF > 1 ? $2 : $1; for (c = $1; c <= last; c++) printf "%s%d", n++ ? " " : "", c }
    END { print "" }'
}

# hb_duet_cpus: the two CPUs a duet runs on (the last two usable: the first tends to take the
# interrupts), "A B"; status 1 when fewer than two are usable.
hb_duet_cpus() {
  # shellcheck disable=SC2046  # one word per CPU
  set -- $(hb_usable_cpus)
  [ $# -ge 2 ] || return 1
  shift $(($# - 2))
  echo "$1 $2"
}

# hb_duet_runner ASLR CPUS: the command prefix of a duet's processes, as the manifest records it
# (SLOT_CPU stands for the CPU of the process's slot in that round).
hb_duet_runner() {
  echo "taskset -c SLOT_CPU$([ "$1" = yes ] || echo " setarch $(uname -m) -R") (CPUs $2)"
}

# hb_cgroup_kind: the cpuset hierarchy a duet's sides can have cgroups of their own in, as
# "v2 MOUNT" or "v1 MOUNT" (a cgroup v2 mount whose root delegates cpuset to its children, else
# a cgroup v1 cpuset mount), where this user can make one; otherwise prints why not and returns 1.
hb_cgroup_kind() {
  found=""
  while read -r _ mnt type options _; do
    case "$type" in
      cgroup2)
        grep -qw cpuset "$mnt/cgroup.subtree_control" 2>/dev/null && found="v2 $mnt" && break ;;
      cgroup)
        case ",$options," in *,cpuset,*) found="v1 $mnt"; break ;; esac ;;
    esac
  done </proc/mounts
  if [ -z "$found" ]; then
    echo "no cpuset controller to make cgroups with (neither a cgroup v2 mount delegating cpuset nor a cgroup v1 cpuset mount)"
    return 1
  fi
  probe="${found#* }/hb-ab-$$-probe"
  if ! mkdir "$probe" 2>/dev/null; then
    echo "${found#* } is not writable by this user"
    return 1
  fi
  rmdir "$probe"
  echo "$found"
}

# hb_cgroups_make CGROUPS CPUS: the two sides' cgroups, hb-ab-PID-1 and -2 under CGROUPS's mount,
# each holding only its slot's CPU (and, in v1, the parent's memory nodes).
hb_cgroups_make() {
  mnt=${1#* } s=0
  for cpu in $2; do
    s=$((s + 1))
    cg="$mnt/hb-ab-$$-$s"
    mkdir "$cg" && {
      [ "${1%% *}" = v2 ] || cat "$mnt/cpuset.mems" >"$cg/cpuset.mems"
    } && echo "$cpu" >"$cg/cpuset.cpus" || { echo "ab.sh: --cgroup: cannot make $cg" >&2; return 1; }
  done
}

# hb_in_cgroup CGROUPS SLOT COMMAND...: runs COMMAND in its slot's cgroup (hb_cgroups_make), or as it
# is when CGROUPS is none.
hb_in_cgroup() {
  if [ "$1" = none ]; then
    shift 2
    "$@"
    return
  fi
  cg="${1#* }/hb-ab-$$-$2"
  shift 2
  # The shell writes its own id into the cgroup, then becomes the command.
  sh -c 'echo "$$" >"$1/cgroup.procs" && shift && exec "$@"' sh "$cg" "$@"
}

# hb_cgroups_remove: removes the cgroups hb_cgroups_make made (their processes have ended).
hb_cgroups_remove() {
  for cg in /sys/fs/cgroup/hb-ab-"$$"-* /sys/fs/cgroup/*/hb-ab-"$$"-*; do
    [ ! -d "$cg" ] || rmdir "$cg" 2>/dev/null || true
  done
}
