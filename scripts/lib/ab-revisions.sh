# ab-revisions.sh — sourced by ab.sh and the scripts it hands a run to (ab-bisect.sh, ab-counts.sh):
# the revisions of an A/B as one TSV file, written once, read by column name (hb_tsv_columns),
# so that no script holds them in variables another must know. Its columns:
#
#   label        the column's label: old, then new (or new1, new2, ...); good and bad for --bisect
#   sha          the full commit id, or "worktree" for "." (the working tree, uncommitted changes in)
#   key          the id of the sources its hashbench is built from (hb_code_key; "worktree" for ".")
#   description  the revision as the table's header gives it: short id and subject
#   binary       the hashbench it runs: BUILDS/KEY/bin/hashbench, one for all revisions of one key
#                (the working tree's in a build folder of its own, never a cache's)
#
# POSIX sh; expects set -eu, the top of the repository as the folder, and build-commit.sh.

# hb_revision_label INDEX COUNT: the label of revision INDEX (from 1) of COUNT: old, then new when
# there are two, else new1, new2, ...
hb_revision_label() {
  if [ "$1" = 1 ]; then echo old; elif [ "$2" = 2 ]; then echo new; else echo "new$(($1 - 1))"; fi
}

# hb_revisions_write FILE BUILDS WORKTREE_BUILD LABELS: FILE, the revisions TSV of the revisions
# on standard input (one a line, as git rev-parse takes them, or "."), labelled by the words of
# LABELS in order, their binaries under the folder BUILDS (the working tree's in WORKTREE_BUILD).
# Status 2 with one line on stderr ("ab.sh: LABEL: why") when a revision is unknown, or "." has no
# commit to stand on.
hb_revisions_write() {
  file=$1 builds=$2 worktree_build=$3 revision_labels=$4
  printf 'label\tsha\tkey\tdescription\tbinary\n' >"$file"
  for label in $revision_labels; do
    IFS= read -r rev || { echo "ab.sh: fewer revisions than labels" >&2; return 2; }
    if [ "$rev" = . ]; then
      git rev-parse --verify --quiet "HEAD^{commit}" >/dev/null ||
        { echo "ab.sh: $label: '.' needs a checkout with a commit" >&2; return 2; }
      sha=worktree key=worktree binary=$worktree_build/bin/hashbench
      desc="working tree (on $(git rev-parse --short HEAD), with uncommitted changes)"
    else
      sha=$(git rev-parse --verify --quiet "$rev^{commit}") ||
        { echo "ab.sh: $label: unknown revision '$rev'" >&2; return 2; }
      key=$(hb_code_key "$sha") binary=$builds/$key/bin/hashbench
      desc="$(git rev-parse --short "$sha") $(git log -1 --format=%s "$sha")"
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$label" "$sha" "$key" "$(printf '%s' "$desc" | tr '\t\n' '  ')" "$binary" >>"$file"
  done
}

# hb_revisions FILE COLUMN...: the COLUMNs of every revision, tab-separated, one revision a line.
hb_revisions() {
  file=$1
  shift
  hb_tsv_columns "$@" <"$file"
}

# hb_revision_of FILE LABEL COLUMN: the COLUMN of the revision labelled LABEL.
hb_revision_of() {
  hb_tsv_columns label "$3" <"$1" | awk -F'\t' -v l="$2" '$1 == l { print $2; exit }'
}

# hb_short SHA: the short commit id, or "worktree".
hb_short() {
  if [ "$1" = worktree ]; then echo worktree; else git rev-parse --short "$1"; fi
}

# hb_revisions_build FILE LOGDIR SOURCE_TOP: builds every revision's binary that is not built yet,
# each distinct key once, its log in LOGDIR/build-LABEL.log (a revision with the key of an earlier
# one says so in its log: the same binary); the worktree's from SOURCE_TOP. A build goes into the
# binary's folder (BUILDS/KEY). Status 1 with one line on stderr naming the log when a build fails.
hb_revisions_build() {
  file=$1 logdir=$2 source_top=$3
  seen=""
  while IFS='	' read -r label sha key binary; do
    dir=${binary%/bin/hashbench}
    case " $seen " in
      *" $key="*)
        same=${seen#*" $key="}
        echo "$label: the same sources as ${same%% *}, same binary" >"$logdir/build-$label.log"
        continue ;;
    esac
    seen="$seen $key=$label"
    if hb_built "$dir"; then
      echo "$label: reusing the build in $dir" >"$logdir/build-$label.log"
      continue
    fi
    echo "ab.sh: building $label ..." >&2
    if [ "$key" = worktree ]; then
      hb_build_tree "$source_top" "$dir" >"$logdir/build-$label.log" 2>&1 || { rm -rf "$dir"; false; }
    else
      hb_build_commit "$sha" "${TMPDIR:-/tmp}/src-$label" "$dir" "$logdir/build-$label.log"
    fi || { echo "ab.sh: building $label failed; see $logdir/build-$label.log" >&2; return 1; }
  done <<EOF
$(hb_revisions "$file" label sha key binary)
EOF
}

# hb_check_selection HASHBENCH FLAGS...: the hashbench flags are valid for that binary and select
# something; prints the number of rows selected. Status 2 with hashbench's own one-line reason
# on stderr when they are refused or select nothing.
hb_check_selection() {
  bin=$1
  shift
  reason=$(mktemp)
  if ! listed=$("$bin" "$@" --list 2>"$reason"); then
    echo "ab.sh: the hashbench flags are refused: $(paste -sd ' ' "$reason")" >&2
    rm -f "$reason"
    return 2
  fi
  rm -f "$reason"
  [ -n "$listed" ] || { echo "ab.sh: the hashbench flags select no benchmark: $*" >&2; return 2; }
  printf '%s\n' "$listed" | wc -l
}

# hb_revisions_manifest FILE MANIFEST: the revisions' lines of a manifest.tsv: the commits (or
# worktree), the labels, and each label's description and sources.
hb_revisions_manifest() {
  # shellcheck disable=SC2046  # one word per revision, joined by spaces
  hb_manifest_put "$2" revisions $(hb_revisions "$1" sha)
  # shellcheck disable=SC2046
  hb_manifest_put "$2" labels $(hb_revisions "$1" label)
  while IFS='	' read -r label desc key; do
    hb_manifest_put "$2" "description_$label" "$desc"
    hb_manifest_put "$2" "sources_$label" "$key"
  done <<EOF
$(hb_revisions "$1" label description key)
EOF
}
