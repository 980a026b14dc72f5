//! Bad input: every POST and PUT of the OpenAPI document is sent a few hundred bodies derived
//! from its schema (a valid-looking instance, then fields removed, nulled, given the wrong type,
//! extreme numbers, huge or hostile strings, and bodies that are not JSON at all), as an admin so
//! that validation is reached, and every GET gets hostile path and query parameters. No answer
//! may be a 5xx; every 4xx carries the contract's Spanish
//! envelope (`mensaje` or `errors`, or the OAuth one for the token endpoint) and leaks nothing.
//! Bodies over the size limit are refused with 413. The seed is printed, so a failure can be
//! replayed with OPTICA_FUZZ_SEED.

use crate::common::load::Random;
use crate::common::openapi_check::Document;
use crate::common::TestApp;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::{json, Map, Value};
use sqlx::PgPool;
use tower::ServiceExt;

/// Mutated bodies per operation.
const CASES: usize = 60;

struct Schemas<'a>(&'a Map<String, Value>);

impl Schemas<'_> {
    fn resolve<'s>(&'s self, schema: &'s Value) -> &'s Value {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => self.resolve(&self.0[r.trim_start_matches("#/components/schemas/")]),
            None => schema,
        }
    }

    /// A plausible instance of the schema, with small numbers and short strings.
    fn example(&self, schema: &Value, random: &mut Random, depth: usize) -> Value {
        let schema = self.resolve(schema);
        if let Some(one) = schema.get("oneOf").or(schema.get("anyOf")).and_then(Value::as_array) {
            let pick = &one[random.below(one.len() as u64) as usize];
            return self.example(pick, random, depth);
        }
        if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
            return all.first().map_or(Value::Null, |s| self.example(s, random, depth));
        }
        if let Some(values) = schema.get("enum").and_then(Value::as_array) {
            return values[random.below(values.len() as u64) as usize].clone();
        }
        let kind = match schema.get("type") {
            Some(Value::Array(kinds)) => kinds.iter().find(|k| *k != "null").cloned().unwrap_or(Value::Null),
            Some(k) => k.clone(),
            None => Value::Null,
        };
        match kind.as_str() {
            Some("object") if depth < 4 => {
                let mut object = Map::new();
                if let Some(properties) = schema.get("properties").and_then(Value::as_object) {
                    for (name, property) in properties {
                        object.insert(name.clone(), self.example(property, random, depth + 1));
                    }
                }
                Value::Object(object)
            }
            Some("array") if depth < 4 => {
                let item = schema.get("items").cloned().unwrap_or(Value::Null);
                Value::Array(
                    (0..1 + random.below(2))
                        .map(|_| self.example(&item, random, depth + 1))
                        .collect(),
                )
            }
            Some("integer") => json!(1 + random.below(3)),
            Some("number") => json!(10.5),
            Some("boolean") => json!(random.below(2) == 0),
            Some("string") => match schema.get("format").and_then(Value::as_str) {
                Some("date") => json!("2026-11-21"),
                Some("date-time") => json!("2026-11-21T10:30:00"),
                _ => json!("Texto"),
            },
            _ => Value::Null,
        }
    }
}

/// Values no field expects.
fn hostile(random: &mut Random) -> Value {
    let values = [
        Value::Null,
        json!(-1),
        json!(0),
        json!(1e308),
        json!(-1e308),
        json!(9_223_372_036_854_775_807i64),
        json!(18_446_744_073_709_551_615u64),
        json!(0.000_000_1),
        json!(123.456_789),
        json!(""),
        json!(" "),
        json!("x".repeat(20_000)),
        json!("'; drop table events; --"),
        json!("ñandú 👓 \u{0} \u{202e}"),
        json!("2026-02-30"),
        json!("2026-11-21T25:61"),
        json!(true),
        json!([]),
        json!([[[[[]]]]]),
        json!({}),
        json!({"id": "uno"}),
        json!([{"id": -5}]),
    ];
    values[random.below(values.len() as u64) as usize].clone()
}

/// Changes one spot of the value: drops or replaces a field or an element, at any depth.
fn mutate(value: &mut Value, random: &mut Random) {
    match value {
        Value::Object(map) if !map.is_empty() && random.below(4) != 0 => {
            let keys: Vec<String> = map.keys().cloned().collect();
            let key = &keys[random.below(keys.len() as u64) as usize];
            match random.below(3) {
                0 => {
                    map.remove(key);
                }
                1 => {
                    map.insert(key.clone(), hostile(random));
                }
                _ => mutate(map.get_mut(key).unwrap(), random),
            }
        }
        Value::Array(items) if !items.is_empty() && random.below(4) != 0 => {
            let n = random.below(items.len() as u64) as usize;
            if random.below(2) == 0 {
                items[n] = hostile(random);
            } else {
                mutate(&mut items[n], random);
            }
        }
        _ => *value = hostile(random),
    }
}

/// A 4xx body in one of the contract's envelopes, in Spanish, without internals.
fn envelope_problem(path: &str, status: StatusCode, body: &str) -> Option<String> {
    let leaks = [
        "sqlx",
        "SQLSTATE",
        "panicked",
        "syntax error",
        "relation \"",
        "src/",
        "RUST_BACKTRACE",
        // A rule's internal (English, Debug-formatted) text instead of its Spanish message.
        "[\\\"",
        "invalid ",
        "does not exist",
        "already exists",
        "event store",
    ];
    if let Some(leak) = leaks.iter().find(|l| body.contains(*l)) {
        return Some(format!("leaks {leak:?}"));
    }
    // The contract's searches answer 404 with an empty body when nothing matches.
    if body.is_empty() && status == StatusCode::NOT_FOUND {
        return None;
    }
    let Ok(value) = serde_json::from_str::<Value>(body) else {
        return Some("not JSON".to_string());
    };
    let text = |key: &str| value[key].as_str().is_some_and(|m| !m.is_empty());
    let ok = if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
        text("error_description")
    } else {
        text("mensaje")
            || value["errors"].as_array().is_some_and(|e| !e.is_empty())
            || (path == "/oauth/token" && text("error_description"))
    };
    (!ok).then(|| "not the contract's envelope".to_string())
}

/// Sends the request; the problem with its answer, if any, and the answer's text.
async fn judge(
    app: &TestApp,
    request: Request<Body>,
    template: &str,
    operation: &Value,
    document: &Document,
) -> (Option<String>, String) {
    let response = app.router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let answer = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    let answer = String::from_utf8_lossy(&answer).to_string();
    let problem = if status.is_server_error() {
        Some(format!("{status}"))
    } else if status.is_client_error() {
        envelope_problem(template, status, &answer).map(|p| format!("{status}: {p}"))
    } else {
        None
    };
    // The OpenAPI document lists every status the operation answers, and the body fits it.
    let problem = problem.or_else(|| {
        let body = serde_json::from_str(&answer).unwrap_or(Value::Null);
        document.mismatch(operation, status.as_u16(), &body)
    });
    (problem, answer)
}

#[sqlx::test]
#[ignore = "slow lane: scripts/test runs it (cargo test -- --include-ignored)"]
async fn no_body_gets_a_5xx_and_every_4xx_is_in_spanish(pool: PgPool) {
    let seed = std::env::var("OPTICA_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| Random::from_clock().1);
    eprintln!("seed {seed} (OPTICA_FUZZ_SEED={seed} repeats this run)");
    let mut random = Random(seed | 1);
    let (app, _shop) = TestApp::with_shop(pool).await;
    // The bodies reach the accounts the path ids name (1, 2: the shop's admin and seller), and a
    // body that happens to be valid may change a role or a password, which ends that account's
    // tokens. The fuzz works as an admin of its own, whom those ids never name.
    app.user("admin_del_fuzz", &["ROLE_ADMIN"], None).await;
    let admin = app.login("admin_del_fuzz", crate::common::PASSWORD).await;
    let id: i64 = sqlx::query_scalar("select id from users where username = 'admin_del_fuzz'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(id > 2, "the fuzz's admin is named by no path id: {id}");
    let document: Value = serde_json::from_str(&std::fs::read_to_string("webapp/openapi.json").unwrap()).unwrap();
    let schemas = Schemas(document["components"]["schemas"].as_object().unwrap());
    let checker = Document::load();

    let mut problems = Vec::new();
    let mut sent = 0;
    for (template, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            if method != "post" && method != "put" {
                continue;
            }
            let content = &operation["requestBody"]["content"];
            let form = content.get("application/x-www-form-urlencoded").is_some();
            let schema = content
                .as_object()
                .and_then(|c| c.values().next())
                .map(|c| c["schema"].clone())
                .unwrap_or(Value::Null);
            for case in 0..CASES {
                let path = template
                    .replace("{id}", ["1", "2", "999999", "-1", "abc", "1.5"][case % 6])
                    .replace("{marcaId}", "1");
                let path = if template.ends_with("validar-modelos") {
                    format!("{path}?marcaId={}", ["1", "x", ""][case % 3])
                } else {
                    path
                };
                let mut body = schemas.example(&schema, &mut random, 0);
                for _ in 0..1 + random.below(3) {
                    mutate(&mut body, &mut random);
                }
                let (content_type, bytes) = match (form, case % 10) {
                    (true, _) => (
                        "application/x-www-form-urlencoded",
                        format!("grant_type=password&username={}&password=%FF%00", "a".repeat(case)),
                    ),
                    (false, 0) => ("application/json", "{\"abierto\": ".to_string()),
                    (false, 1) => ("text/plain", "hola".to_string()),
                    (false, _) => ("application/json", body.to_string()),
                };
                let mut request = Request::builder()
                    .method(method.to_uppercase().as_str())
                    .uri(&path)
                    .header(header::CONTENT_TYPE, content_type);
                request = if form {
                    request.header(header::AUTHORIZATION, "Basic d2ViOndlYi1zZWNyZXQ=")
                } else {
                    request.header(header::AUTHORIZATION, format!("Bearer {admin}"))
                };
                let request = request.body(Body::from(bytes.clone())).unwrap();
                sent += 1;
                let (problem, answer) = judge(&app, request, template, operation, &checker).await;
                if let Some(problem) = problem {
                    let shown: String = bytes.chars().take(300).collect();
                    problems.push(format!(
                        "{method} {path} {problem}\n  body: {shown}\n  answer: {answer}"
                    ));
                }
            }
        }
    }
    // Reads: every path and query parameter given hostile text.
    for (template, operations) in document["paths"].as_object().unwrap() {
        let Some(operation) = operations.get("get") else {
            continue;
        };
        let query_names: Vec<&str> = operation["parameters"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|p| p["in"] == "query")
            .filter_map(|p| p["name"].as_str())
            .collect();
        for value in [
            "%00",
            "%27%3B--",
            "%F0%9F%91%93",
            "99999999999999999999999",
            "-1",
            "2026-02-30",
            "%25",
        ] {
            let mut path = String::new();
            for (n, piece) in template.split('{').enumerate() {
                match (n, piece.split_once('}')) {
                    (0, _) | (_, None) => path.push_str(piece),
                    (_, Some((_, rest))) => {
                        path.push_str(value);
                        path.push_str(rest);
                    }
                }
            }
            let query: Vec<String> = query_names.iter().map(|q| format!("{q}={value}")).collect();
            if !query.is_empty() {
                path = format!("{path}?{}", query.join("&"));
            }
            let request = Request::get(&path)
                .header(header::AUTHORIZATION, format!("Bearer {admin}"))
                .body(Body::empty())
                .unwrap();
            sent += 1;
            let (problem, answer) = judge(&app, request, template, operation, &checker).await;
            if let Some(problem) = problem {
                problems.push(format!("get {path} {problem}\n  answer: {answer}"));
            }
        }
    }
    eprintln!("{sent} requests sent");
    assert!(
        problems.is_empty(),
        "{} bad answers:\n{}",
        problems.len(),
        problems.join("\n")
    );

    // Over the size limit: 413 in Spanish, nothing read.
    let huge = json!({"nombre": "x".repeat(2 * 1024 * 1024)});
    let (status, body) = app.post("/api/marca", Some(&admin), huge).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(
        document["paths"]["/api/marca"]["post"]["responses"]
            .get("413")
            .is_some(),
        "the document lists the 413"
    );
    assert_eq!(
        body["mensaje"],
        "El cuerpo de la solicitud es demasiado grande (máximo 1 MB)"
    );
}
