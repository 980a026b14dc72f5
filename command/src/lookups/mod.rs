//! The six catalogue lookups as one generic aggregate: `Lookup<Marca>`, `Lookup<Local>`, ...
//! Each kind differs only in its aggregate type and in which fields it requires.

use std::marker::PhantomData;

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use optica_events::{LookupData, LookupEvent, LookupKind};
use serde::{Deserialize, Serialize};

mod service;
pub use service::*;

/// Ties a marker type to its lookup kind.
pub trait Kind: Default + Send + Sync + 'static {
    const KIND: LookupKind;
    const TYPE: &'static str = Self::KIND.aggregate_type();
}

macro_rules! kinds {
    ($($name:ident),*) => {$(
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $name;
        impl Kind for $name {
            const KIND: LookupKind = LookupKind::$name;
        }
    )*};
}
kinds!(Categoria, Marca, Material, MetodoPago, Local, Proveedor, Laboratorio);

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LookupCommand {
    Create(LookupData),
    Update(LookupData),
    /// Refused by the store while other records use the item (`command::links`).
    Delete,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LookupError {
    #[error("the item already exists")]
    AlreadyExists,
    #[error("the item does not exist")]
    NotFound,
    /// One rule per offending field, as the API's `errors` list shows them.
    #[error("invalid fields: {0:?}")]
    Invalid(Vec<Regla>),
}

/// A rule of a lookup item's fields; its text is the contract's (which calls a field "archivo").
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("El archivo '{campo}' no debe estar vacío")]
    Vacio { campo: &'static str },
    #[error("El archivo '{campo}' debe tener como máximo {max} caracteres")]
    Largo { campo: &'static str, max: usize },
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Lookup<K: Kind> {
    created: bool,
    deleted: bool,
    data: LookupData,
    #[serde(skip)]
    kind: PhantomData<K>,
}

impl<K: Kind> Lookup<K> {
    pub fn data(&self) -> &LookupData {
        &self.data
    }

    pub fn exists(&self) -> bool {
        self.created && !self.deleted
    }
}

/// Field limits. Names are short labels; the payment method's column allowed 50.
fn max_nombre(kind: LookupKind) -> usize {
    if kind == LookupKind::MetodoPago {
        50
    } else {
        40
    }
}
const MAX_CELULAR: usize = 20;
const MAX_DIRECCION: usize = 120;

fn check(campo: &'static str, value: Option<&str>, required: bool, max: usize, errors: &mut Vec<Regla>) {
    match value {
        None | Some("") if required => errors.push(Regla::Vacio { campo }),
        Some(v) if v.chars().count() > max => errors.push(Regla::Largo { campo, max }),
        _ => {}
    }
}

/// Trims the fields, drops the ones this kind does not have, and checks the rest.
pub fn validate(kind: LookupKind, data: LookupData) -> Result<LookupData, LookupError> {
    let clean = |v: Option<String>| v.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    let has_direccion = kind == LookupKind::Local;
    let has_celular = matches!(
        kind,
        LookupKind::Local | LookupKind::Proveedor | LookupKind::Laboratorio
    );
    let data = LookupData {
        nombre: data.nombre.trim().to_string(),
        direccion: clean(data.direccion).filter(|_| has_direccion),
        celular: clean(data.celular).filter(|_| has_celular),
        cristales: data.cristales.filter(|_| kind == LookupKind::Categoria),
    };
    let mut errors = Vec::new();
    check("nombre", Some(&data.nombre), true, max_nombre(kind), &mut errors);
    if has_direccion {
        check("direccion", data.direccion.as_deref(), true, MAX_DIRECCION, &mut errors);
    }
    if has_celular {
        check("celular", data.celular.as_deref(), true, MAX_CELULAR, &mut errors);
    }
    if errors.is_empty() {
        Ok(data)
    } else {
        Err(LookupError::Invalid(errors))
    }
}

impl<K: Kind> Aggregate for Lookup<K> {
    const TYPE: &'static str = K::TYPE;
    type Command = LookupCommand;
    type Event = LookupEvent;
    type Error = LookupError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            LookupCommand::Create(data) => {
                if self.created {
                    return Err(LookupError::AlreadyExists);
                }
                let data = validate(K::KIND, data)?;
                sink.write(LookupEvent::ItemCreado(data), self).await;
            }
            LookupCommand::Update(data) => {
                if !self.exists() {
                    return Err(LookupError::NotFound);
                }
                let mut data = validate(K::KIND, data)?;
                // An edit that does not say (the existing front end's, which knows only the
                // name) keeps what the admin set.
                data.cristales = data.cristales.or(self.data.cristales);
                if data != self.data {
                    sink.write(LookupEvent::ItemActualizado(data), self).await;
                }
            }
            LookupCommand::Delete => {
                if !self.exists() {
                    return Err(LookupError::NotFound);
                }
                sink.write(LookupEvent::ItemEliminado, self).await;
            }
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            LookupEvent::ItemCreado(data) => {
                self.created = true;
                self.data = data;
            }
            LookupEvent::ItemActualizado(data) => self.data = data,
            LookupEvent::ItemEliminado => self.deleted = true,
        }
    }
}

impl<K: Kind> crate::store::links::Linked for Lookup<K> {
    fn live(&self) -> bool {
        self.exists()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Given as _;
    use cqrs_es::test::TestFramework;

    fn data(nombre: &str) -> LookupData {
        LookupData {
            nombre: nombre.into(),
            ..Default::default()
        }
    }

    fn local(nombre: &str, direccion: Option<&str>, celular: Option<&str>) -> LookupData {
        LookupData {
            nombre: nombre.into(),
            direccion: direccion.map(Into::into),
            celular: celular.map(Into::into),
            cristales: None,
        }
    }

    #[test]
    fn creating_a_brand_trims_its_name_and_drops_fields_it_does_not_have() {
        TestFramework::<Lookup<Marca>>::fresh()
            .when(LookupCommand::Create(local("  Ray-Ban ", Some("x"), Some("1"))))
            .then_expect_events(vec![LookupEvent::ItemCreado(data("Ray-Ban"))]);
    }

    #[test]
    fn a_blank_name_is_refused_with_the_field_message() {
        TestFramework::<Lookup<Categoria>>::fresh()
            .when(LookupCommand::Create(data("   ")))
            .then_expect_error(LookupError::Invalid(vec![Regla::Vacio { campo: "nombre" }]));
    }

    #[test]
    fn a_name_over_forty_characters_is_refused() {
        TestFramework::<Lookup<Material>>::fresh()
            .when(LookupCommand::Create(data(&"a".repeat(41))))
            .then_expect_error(LookupError::Invalid(vec![Regla::Largo {
                campo: "nombre",
                max: 40,
            }]));
    }

    #[test]
    fn a_branch_needs_address_and_phone() {
        TestFramework::<Lookup<Local>>::fresh()
            .when(LookupCommand::Create(local("Centro", None, Some(" "))))
            .then_expect_error(LookupError::Invalid(vec![
                Regla::Vacio { campo: "direccion" },
                Regla::Vacio { campo: "celular" },
            ]));
    }

    #[test]
    fn a_supplier_needs_a_phone_but_no_address() {
        TestFramework::<Lookup<Proveedor>>::fresh()
            .when(LookupCommand::Create(local("Luxottica", Some("calle"), Some("351"))))
            .then_expect_events(vec![LookupEvent::ItemCreado(local("Luxottica", None, Some("351")))]);
    }

    #[test]
    fn updating_with_the_same_values_records_nothing() {
        TestFramework::<Lookup<Marca>>::after(vec![LookupEvent::ItemCreado(data("Oakley"))])
            .when(LookupCommand::Update(data("Oakley ")))
            .then_expect_events(vec![]);
    }

    #[test]
    fn a_deleted_item_can_be_neither_updated_nor_deleted_again() {
        let history = vec![LookupEvent::ItemCreado(data("Sol")), LookupEvent::ItemEliminado];
        TestFramework::<Lookup<Categoria>>::after(history.clone())
            .when(LookupCommand::Update(data("Receta")))
            .then_expect_error(LookupError::NotFound);
        TestFramework::<Lookup<Categoria>>::after(history)
            .when(LookupCommand::Delete)
            .then_expect_error(LookupError::NotFound);
    }
}
