//! A feature's routes with their OpenAPI description, split by who may call them.

use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

use crate::state::AppState;

/// A feature's endpoints. `public` ones answer anyone; `staff` ones need a valid token and
/// check the caller's role (their 401 and 403 answers are documented once, for all of them).
#[derive(Default)]
pub struct Endpoints {
    pub(in crate::http) public: OpenApiRouter<AppState>,
    pub(in crate::http) staff: OpenApiRouter<AppState>,
}

impl Endpoints {
    pub fn public(mut self, routes: UtoipaMethodRouter<AppState>) -> Self {
        self.public = self.public.routes(routes);
        self
    }

    pub fn staff(mut self, routes: UtoipaMethodRouter<AppState>) -> Self {
        self.staff = self.staff.routes(routes);
        self
    }

    pub fn merge(self, other: Endpoints) -> Self {
        Endpoints {
            public: self.public.merge(other.public),
            staff: self.staff.merge(other.staff),
        }
    }
}

/// `Endpoints::default()` with a staff route per `;`-separated group of handlers (the handlers
/// of one group share their path): `staff_endpoints!(list, create; get, update, delete)`.
macro_rules! staff_endpoints {
    ($($($($segment:ident)::+),+);+) => {
        $crate::http::kit::Endpoints::default()
            $(.staff(utoipa_axum::routes!($($($segment)::+),+)))+
    };
}
pub(crate) use staff_endpoints;

/// The `step` of a record whose later commands all go through one service function
/// (`counts::step`, `transfers::step`): the caller must see record `id` (the feature's
/// `visible`) and acts only at a branch they work at; a refusal is the feature's
/// `command_error`. Answers the record's id and whether the read model took the step in time.
macro_rules! record_step {
    ($service:path, $paso:ty) => {
        async fn step(
            state: &AppState,
            caller: &Caller,
            meta: RequestMeta,
            id: i64,
            paso: $paso,
        ) -> Result<(i64, bool), AppError> {
            visible(state, caller, id).await?;
            let metadata = meta.metadata(caller.actor());
            let may_touch = |local_id: i64| caller.works_at(local_id);
            let outcome = $service(&state.store, id, paso, state.now(), may_touch, &metadata).await;
            dispatch::committed(state, outcome, |e| command_error(id, e)).await
        }
    };
}
pub(crate) use record_step;
