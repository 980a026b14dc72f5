//! Checks real answers against the OpenAPI document in `webapp/openapi.json`: the status is one
//! the operation lists, and a JSON body fits the schema listed for it (types, required fields,
//! array items, `oneOf`). The document is generated from the code; this keeps it honest.

use serde_json::Value;

pub struct Document(Value);

impl Document {
    pub fn load() -> Document {
        let text = std::fs::read_to_string("webapp/openapi.json").unwrap();
        Document(serde_json::from_str(&text).unwrap())
    }

    /// The operation a request reaches: `path` is concrete (`/api/productos/7?x=1`); of the
    /// templates it fits, the one with the fewest parameters wins (`/api/productos/page/{page}`
    /// over `/api/productos/{id}/{x}`).
    pub fn operation(&self, method: &str, path: &str) -> Option<&Value> {
        let path: Vec<&str> = path.split('?').next()?.split('/').collect();
        let mut best: Option<(usize, &Value)> = None;
        for (template, operations) in self.0["paths"].as_object()? {
            let template: Vec<&str> = template.split('/').collect();
            if template.len() != path.len() {
                continue;
            }
            let parameters = template.iter().filter(|t| t.starts_with('{')).count();
            let fits = template.iter().zip(&path).all(|(t, p)| t.starts_with('{') || t == p);
            let operation = operations.get(method.to_lowercase());
            if let (true, Some(operation)) = (fits, operation) {
                if best.is_none_or(|(fewest, _)| parameters < fewest) {
                    best = Some((parameters, operation));
                }
            }
        }
        best.map(|(_, operation)| operation)
    }

    /// What the document gets wrong about this answer, if anything.
    pub fn mismatch(&self, operation: &Value, status: u16, body: &Value) -> Option<String> {
        let Some(response) = operation["responses"].get(status.to_string()) else {
            return Some(format!("status {status} is not in the document"));
        };
        let schema = &self.resolve(response)["content"]["application/json"]["schema"];
        if schema.is_null() {
            return None;
        }
        self.fits(schema, body, "$").map(|p| format!("{status}: {p}"))
    }

    fn resolve<'a>(&'a self, schema: &'a Value) -> &'a Value {
        match schema["$ref"].as_str().and_then(|r| r.rsplit('/').next()) {
            Some(name) => self.resolve(&self.0["components"]["schemas"][name]),
            None => schema,
        }
    }

    fn fits(&self, schema: &Value, value: &Value, at: &str) -> Option<String> {
        let schema = self.resolve(schema);
        if let Some(options) = schema["oneOf"].as_array().or(schema["anyOf"].as_array()) {
            let fits_one = options.iter().any(|o| self.fits(o, value, at).is_none());
            return (!fits_one).then(|| format!("{at}: {value} fits none of its alternatives"));
        }
        for part in schema["allOf"].as_array().into_iter().flatten() {
            if let Some(problem) = self.fits(part, value, at) {
                return Some(problem);
            }
        }
        let types: Vec<&str> = match &schema["type"] {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        if !types.is_empty() && !types.iter().any(|t| type_fits(t, value)) {
            let shown: String = value.to_string().chars().take(80).collect();
            return Some(format!("{at}: {shown} is not {}", types.join(" or ")));
        }
        match value {
            Value::Object(fields) => {
                for name in schema["required"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                {
                    if !fields.contains_key(name) {
                        return Some(format!("{at}: required field {name} is missing"));
                    }
                }
                let properties = schema["properties"].as_object();
                for (name, field) in fields {
                    let declared = properties.and_then(|p| p.get(name));
                    let schema = declared.or_else(|| schema.get("additionalProperties").filter(|a| a.is_object()));
                    if let Some(problem) = schema.and_then(|s| self.fits(s, field, &format!("{at}.{name}"))) {
                        return Some(problem);
                    }
                }
                None
            }
            Value::Array(items) => {
                let schema = schema.get("items")?;
                items
                    .iter()
                    .enumerate()
                    .find_map(|(n, item)| self.fits(schema, item, &format!("{at}[{n}]")))
            }
            _ => None,
        }
    }
}

fn type_fits(t: &str, value: &Value) -> bool {
    match t {
        "null" => value.is_null(),
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        _ => true,
    }
}
