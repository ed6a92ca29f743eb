# replicate.sh — sourced by the scripts that run hashbench replicated over processes (bench.sh,
# advise.sh). One process is one sample of the binary's layout (where the code, heap, stack and
# buffers fall) and of the machine's state, however many repetitions it makes; N processes, each
# laid out its own way, are N samples (docs/statistics.md, "Rankings: the unit is the process").
# Process K gets hashbench --process K (its own row order, buffer offset and heap shift) and an
# environment padded by hb_env_pad K, which moves the stack. POSIX sh; expects set -eu.

# hb_env_pad K: the value of HB_ENV_PAD for process K: 16 x ((65 K) mod 256) characters, so that
# the environments of any two processes within 256 of each other differ in length.
hb_env_pad() {
  printf "%$((16 * (($1 * 65) % 256)))s" '' | tr ' ' x
}

# hb_replicate N DIR PREFIX COMMAND...: runs COMMAND (a hashbench command line, its runner prefix
# included) as N processes, one after the other. Process K runs
#   HB_ENV_PAD=$(hb_env_pad K) COMMAND... --process K --benchmark_out=DIR/PREFIX-K.json
#     --benchmark_out_format=json
# with its standard output in DIR/PREFIX-K.txt; its standard error stays the caller's (hashbench's
# progress and messages). Before each process a line on standard error says which it is and, from
# the second on, about how long the rest will take. The first process that fails ends the run:
# hb_replicate says which one failed (hashbench's own message is just above) and returns its exit
# status; the files of the processes before it stay.
# The hook for a caller that runs something else in each process (a race that drops candidates,
# say): COMMAND may be a shell function. It receives the arguments above after its own, and
# HB_REPLICATE_PROCESS (K) and HB_REPLICATE_PROCESSES (N) are set while it runs, so it can pass a
# different --algo to each process; whatever it runs must write the JSON file named.
hb_replicate() {
  hb_rep_n=$1 hb_rep_dir=$2 hb_rep_prefix=$3
  shift 3
  hb_rep_k=1 hb_rep_start=$(date +%s)
  while [ "$hb_rep_k" -le "$hb_rep_n" ]; do
    hb_rep_done=$(($(date +%s) - hb_rep_start))
    if [ "$hb_rep_k" -eq 1 ]; then
      echo "${0##*/}: process 1 of $hb_rep_n" >&2
    else
      echo "${0##*/}: process $hb_rep_k of $hb_rep_n (about $((hb_rep_done * (hb_rep_n - hb_rep_k + 1) / (hb_rep_k - 1))) s left)" >&2
    fi
    HB_ENV_PAD=$(hb_env_pad "$hb_rep_k") HB_REPLICATE_PROCESS=$hb_rep_k HB_REPLICATE_PROCESSES=$hb_rep_n
    export HB_ENV_PAD HB_REPLICATE_PROCESS HB_REPLICATE_PROCESSES
    hb_rep_status=0
    "$@" --process "$hb_rep_k" --benchmark_out="$hb_rep_dir/$hb_rep_prefix-$hb_rep_k.json" \
      --benchmark_out_format=json >"$hb_rep_dir/$hb_rep_prefix-$hb_rep_k.txt" || hb_rep_status=$?
    unset HB_ENV_PAD HB_REPLICATE_PROCESS HB_REPLICATE_PROCESSES
    if [ "$hb_rep_status" -ne 0 ]; then
      echo "${0##*/}: process $hb_rep_k of $hb_rep_n failed (exit status $hb_rep_status; its message is above)" >&2
      return "$hb_rep_status"
    fi
    hb_rep_k=$((hb_rep_k + 1))
  done
}
