//! The integration suite: the `tessera` binary checked from outside, every
//! solution passed through an independent verifier, counts compared with
//! brute force.

mod util;
mod verify;
mod brute;
mod tetravex;
mod edges;
mod pack;
mod json;
mod cli;
