//! Choices made before and beside the search: which backend runs
//! ([`choose`]), how big a search tree is and how to deal it onto
//! shards ([`estimate`]; once for all the shards, for a plan file:
//! [`split`]), and whether the memo pays ([`pilot`]).
//!
//! All four measure the problem with short searches or random walks
//! through the one search loop and the backend contract; they import
//! from `backends`, `search` and `memo`, and only the engine's root and
//! `search::driver` import them.

pub(crate) mod choose;
pub(crate) mod estimate;
pub(crate) mod pilot;
pub(crate) mod split;
