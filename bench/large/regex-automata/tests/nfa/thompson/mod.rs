#[cfg(feature = "nfa-backtrack")]
mod backtrack;
#[cfg(feature = "nfa-pikevm")]
mod pikevm;
