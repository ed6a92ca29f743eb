# ab-calibration-report.sh — sourced by ab-calibrate.sh: the prose of ab-calibration.md that says
# how each family of runs was made; the tables after it come from hbab tally (calibration-tables,
# duet-tables). POSIX sh; expects set -eu and manifest.sh.

# hb_calibration_fnv_prose FIRST_MANIFEST GATE: how the A/A and fnv1a-64 power runs were made
# (kinds aa-aslr, aa-noaslr, slower-2, slower-5), from the folder's first run's manifest.
hb_calibration_fnv_prose() {
  settings="processes per revision: $(hb_manifest_get "$1" processes) (+$(hb_manifest_get "$1" warmup) warm-up, discarded); repetitions per process: $(hb_manifest_get "$1" repetitions)"
  flags=$(hb_manifest_get "$1" hashbench_flags)
  # The test behind the verdicts.
  case "$(hb_manifest_get "$1" sample)" in
    paired) test="the Wilcoxon signed-rank test over rounds (one pair = one round's two processes; ab.sh's default)" ;;
    *) test="the Mann-Whitney U test across processes (ab.sh --unpaired)" ;;
  esac
  echo "Every run: \`scripts/ab.sh\` with $settings;"
  echo "hashbench flags \`$flags\`; verdicts from $test. A/A runs compare one commit with itself (one build, byte-identical"
  echo "binaries) with the gate \`--fail-on-regression $2\` (the gate looks at every unit). The power"
  echo "runs give fnv1a-64, in commits of the throwaway copy, extra steps of its own kind (one xor and"
  echo "one dependent 64-bit multiply, as its loop does per byte): 2% and 5% of its work on long inputs"
  echo "on any CPU; at 16 B the fixed cost of a call dilutes it and rounding up to whole steps inflates"
  echo "it. They compare with a commit asking for 0 steps: the number of steps is read from a volatile"
  echo "variable, so the three binaries have the same machine code and differ in that datum alone. \"Before adjustment\" is raw p <= 0.05, \"after\" is ab.sh's verdict"
  echo "(Holm over each unit's rows at family-wise 0.05; the gate's Holm is over all units together); \"measured change\" is ab.sh's own change for"
  echo "the row, median over the runs. Wall time is ab.sh's, builds included (each commit is built"
  echo "once, in the first run that needs it), waiting for the lock not."
  echo
  echo "sec/op is the wall-clock time of each row's timed loop (B/s is bytes over the same time, so"
  echo "it gives the same verdicts); it counts the time slices that other processes take on the benchmark's CPU,"
  echo "and a busy machine shows as wide ± and as A/A rows that move together. In the power runs the"
  echo "two binaries have the same code and differ in one datum, so rows other than fnv1a-64 flagged"
  echo "there are false alarms, to compare with the A/A rate."
  echo
}

# hb_calibration_duet_prose DIR GATE: how the sequential and duet runs were made (kinds aa-seq,
# aa-duet, slow-seq, slow-duet), from their manifests and DIR/kernel-steps.txt.
hb_calibration_duet_prose() {
  seq=$(ls -d "$1"/runs/aa-seq-* "$1"/runs/slow-seq-* 2>/dev/null | head -n 1)
  duet=$(ls -d "$1"/runs/aa-duet-* "$1"/runs/slow-duet-* 2>/dev/null | head -n 1)
  any=${seq:-$duet}
  echo "Sequential and duet runs: \`scripts/ab.sh\` with ${seq:+$(hb_manifest_get "$seq/manifest.tsv" processes) processes per revision in sequential rounds (one process after the other, pinned to one CPU, in a balanced order)}${seq:+${duet:+, and }}${duet:+$(hb_manifest_get "$duet/manifest.tsv" processes) in duet rounds (\`--duet\`: both at once, one on each of CPUs $(hb_manifest_get "$duet/manifest.tsv" duet_cpus | tr ' ' ','), the sides swapping CPUs every round)}, so that both take about the same wall time;"
  echo "$(hb_manifest_get "$any/manifest.tsv" repetitions) repetitions per process, one discarded warm-up round; hashbench flags \`$(hb_manifest_get "$any/manifest.tsv" hashbench_flags)\`;"
  echo "verdicts from the Wilcoxon signed-rank test over rounds, Holm over each unit's rows at family-wise"
  echo "$(hb_manifest_get "$any/manifest.tsv" alpha). A/A runs compare one commit with itself (one build, byte-identical binaries) with"
  echo "the gate \`--fail-on-regression $2\`; a run \"with any row flagged\" is one whose family-wise error the"
  echo "adjustment promises to keep at 5% of runs. The smallest detectable change is ab.sh's own figure for"
  echo "each row that is not significant (\`≥x%\`, 80% power at the row's adjusted level), its median"
  echo "over a run's rows of one size, then over the runs."
  if [ -f "$1/kernel-steps.txt" ]; then
    echo "The slowdown runs give \`$HB_KERNEL_TARGET\` (512-bit VPCLMULQDQ folding: valgrind cannot run it,"
    echo "so counts cannot see it) $(hb_manifest_get "$1/kernel-steps.txt" steps) dependent crc32 instructions on its result per call of 128"
    echo "bytes or more: a short run first measured $(hb_manifest_get "$1/kernel-steps.txt" probe_steps) of them at $(hb_manifest_get "$1/kernel-steps.txt" probe_change)% at 1 KiB, and the"
    echo "number was scaled to $(hb_manifest_get "$1/kernel-steps.txt" slowdown)%. They compare with a commit asking for 0 steps (a volatile datum: the same"
    echo "machine code); its 16-byte row takes the crc32 chain and is not slowed."
  fi
  echo "In a duet run both CPUs carry a side, so \"other CPUs busy\" is left out for it; wall time is"
  echo "ab.sh's, builds included (each commit built once), waiting for the lock not."
  echo
}
