# build-commit.sh — sourced by ab.sh: which sources a commit's hashbench is built from, and
# building one commit's hashbench in a temporary git worktree (the user's checkout is never
# touched). POSIX sh; expects set -eu and the top of the repository as the current folder.

# The top-level entries of the repository that never reach the hashbench binary: documentation,
# results, scripts, tests and the files that configure git and the style check. A commit that
# changes only these builds the binary its parent builds.
HB_NOT_BUILT='README.md docs results scripts tests .ci .github .gitignore .gitattributes .clang-format'

# hb_code_key COMMIT: an id of the sources COMMIT's hashbench is built from: git's id of the list
# of COMMIT's top-level entries (git ls-tree) without those above. Commits with the same key build
# the same binary, but for the version string, which names the commit built.
hb_code_key() {
  git ls-tree "$1" | awk -F'\t' -v skip=" $HB_NOT_BUILT " 'index(skip, " " $2 " ") == 0' |
    git hash-object --stdin
}

# hb_build_commit COMMIT WORKTREE BUILD_DIR LOG: a Release build of COMMIT's hashbench into BUILD_DIR,
# from a detached worktree made at WORKTREE and removed again; all output to LOG. Status 1 when
# the build fails (BUILD_DIR is then removed). WORKTREE is added to $hb_worktrees first, so that a
# caller's cleanup removes it when interrupted.
hb_build_commit() {
  hb_worktrees="${hb_worktrees:-} $2"
  # What an interrupted build left there belongs to a worktree that is gone: cmake would refuse it.
  rm -rf "$3"
  built=0
  if git worktree add --detach --quiet "$2" "$1" >"$4" 2>&1 &&
     hb_build_tree "$2" "$3" >>"$4" 2>&1; then
    built=1
  fi
  git worktree remove --force "$2" >/dev/null 2>&1 || true
  [ "$built" = 1 ] || { rm -rf "$3"; return 1; }
}

# hb_build_tree SOURCE_DIR BUILD_DIR: configure and build hashbench only (and hbcount when
# $hb_build_targets names it, as ab.sh --counts does). Niced: a build must not slow down a
# measurement running beside it (another ab.sh's included).
hb_build_tree() {
  # shellcheck disable=SC2086  # the targets are words
  cmake -S "$1" -B "$2" -DCMAKE_BUILD_TYPE=Release &&
    nice -n 10 cmake --build "$2" -j "$(hb_jobs)" --target ${hb_build_targets:-hashbench}
}

# hb_built BUILD_DIR: status 0 when BUILD_DIR holds every program hb_build_tree builds.
hb_built() {
  for target in ${hb_build_targets:-hashbench}; do
    [ -x "$1/bin/$target" ] || return 1
  done
}

# hb_work_dir NAME [CLEANUP]: makes the run's temporary folder ($work, NAME.XXXXXX under TMPDIR)
# and points TMPDIR inside it, so that the builds and runs take their temporary files there too and
# the cleanup removes what they leave when interrupted (a compiler stopped mid-file leaves its .s
# behind). On exit the worktrees of interrupted builds and the folder go, after the function
# CLEANUP when one is named; Ctrl-C exits with status 130.
hb_work_dir() {
  work=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
  mkdir "$work/tmp"
  TMPDIR=$work/tmp
  export TMPDIR
  hb_worktrees=""
  hb_work_cleanup=${2:-}
  trap hb_work_dir_remove EXIT
  trap 'exit 130' INT TERM
}
hb_work_dir_remove() {
  [ -z "$hb_work_cleanup" ] || "$hb_work_cleanup"
  hb_remove_worktrees
  rm -rf "$work"
}

# hb_remove_worktrees: removes every worktree in $hb_worktrees that is still there (the cleanup of
# an interrupted build).
hb_remove_worktrees() {
  for wt in ${hb_worktrees:-}; do
    [ ! -e "$wt" ] || git worktree remove --force "$wt" >/dev/null 2>&1 || true
  done
  git worktree prune >/dev/null 2>&1 || true
}
