//! The optica server: HTTP wiring, authentication, configuration, the command line and start-up.
//! `app(state)` builds the whole router, so tests drive exactly what production serves.

pub mod audit;
pub mod auth;
pub mod cli;
pub mod config;
pub mod db;
pub mod dispatch;
pub mod error;
pub mod http;
pub mod notices;
pub mod openapi;
pub mod reports;
pub mod serve;
pub mod state;
pub mod support;
pub mod users;

pub use http::app;
pub use state::AppState;
