#!/bin/sh
# A rustc wrapper that cargo-mtcov's own wrapper chains to (it keeps a
# user's RUSTC_WRAPPER and runs it in its place): adds
# `-C instrument-coverage` to the dependency crates named, comma separated,
# in MTCOV_BENCH_INSTRUMENT. cargo-mtcov instruments workspace members only;
# the large capture fixture needs a big instrumented binary, and real crates
# make it a realistic one. Used by `cargo xtask bench` only.
#
# Test executables are linked with `-C link-dead-code`, so that every
# instrumented function is in them, not only those the SUT reaches: the
# counter array then has the size of a large code base's.
#
# Arguments: <rustc> <rustc arguments...>
crate=""
previous=""
test_harness=""
for arg in "$@"; do
    if [ "$previous" = "--crate-name" ]; then crate="$arg"; fi
    if [ "$arg" = "--test" ]; then test_harness=1; fi
    previous="$arg"
done
case ",$MTCOV_BENCH_INSTRUMENT," in
    *",$crate,"*) exec "$@" -C instrument-coverage ;;
esac
if [ -n "$test_harness" ]; then exec "$@" -C link-dead-code; fi
exec "$@"
