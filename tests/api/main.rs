//! The API, projector and reliability tests against a real PostgreSQL (a fresh database per
//! test): one binary, so the whole server links once. Each module is one feature or one property;
//! `common` holds the harness (the router on a fresh database, a running server, the shop).
#![allow(clippy::unwrap_used)]

mod common;

mod audit;
mod auth;
mod authorization;
mod balances;
mod card_plans;
mod closings;
mod counts;
mod crash;
mod db_restart;
mod event_store;
mod existing_front_end;
mod fuzz;
mod idempotency;
mod insurers;
mod jobs;
mod late_reads;
mod lookups;
mod movements;
mod openapi;
mod patients;
mod processes;
mod products;
mod profitability;
mod projector;
mod ranges;
mod settlements;
mod startup;
mod statistics;
mod stock;
mod support;
mod surface;
mod transfers;
mod users;
