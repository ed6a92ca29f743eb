#!/bin/sh
# fidelity_usage_e2e.sh HBFIDELITY — property: hbfidelity answers --help, and every bad flag or
# folder exits 2 with one line on stderr naming it, before it runs anything.
set -eu
hbfidelity=$1
. "$(dirname "$0")/../lib/expect.sh"
"$hbfidelity" --help >"$work/help" || fail "--help: exit $?"
grep -q '^usage: hbfidelity --out DIR' "$work/help" || fail "--help: no usage line"
mkdir "$work/empty"
expect_usage_error "--out DIR is required" "$hbfidelity"
expect_usage_error "$work/none" "$hbfidelity" --out "$work/none"
expect_usage_error "'0'" "$hbfidelity" --out "$work/empty" --rounds 0
expect_usage_error "'100'" "$hbfidelity" --out "$work/empty" --rounds 100
expect_usage_error "'x'" "$hbfidelity" --out "$work/empty" --seconds x
expect_usage_error "--rounds needs a value" "$hbfidelity" --out "$work/empty" --rounds
expect_usage_error "'--frobnicate'" "$hbfidelity" --frobnicate
[ -z "$(ls -A "$work/empty")" ] || fail "a bad invocation wrote into --out"
expect_done hbfidelity_usage
