mod regression;
#[cfg(not(miri))]
mod suite;
