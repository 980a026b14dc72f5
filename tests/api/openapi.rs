//! The web app's API types are generated from `webapp/openapi.json`; this keeps that copy current.
//! After changing the API run `scripts/gen-api` (or `OPTICA_UPDATE_OPENAPI=1 cargo test --test api openapi::`).

#[test]
fn committed_openapi_document_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/webapp/openapi.json");
    let current = optica::http::document_json();
    if std::env::var_os("OPTICA_UPDATE_OPENAPI").is_some() {
        std::fs::write(path, &current).expect("write webapp/openapi.json");
        return;
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == current,
        "webapp/openapi.json is stale: run scripts/gen-api and commit the result"
    );
}
