//! The per-kind words of the lookup APIs: what their answers and refusals say.

use optica_events::LookupKind;

/// The words of one kind.
pub struct Texts {
    pub created: &'static str,
    pub updated: &'static str,
    pub deleted: &'static str,
    /// "la marca", "el local": used in the not-found messages.
    pub article: &'static str,
    /// Why a referenced item cannot be deleted (the web app's text for this kind).
    pub referenced: &'static str,
    /// Why a name already taken by another item of the kind is refused.
    pub duplicate: &'static str,
}

pub fn texts(kind: LookupKind) -> Texts {
    match kind {
        LookupKind::Categoria => Texts {
            created: "La categoria ha sido creada con éxito!",
            updated: "la categoria ha sido actualizada!",
            deleted: "La categoria ha sido eliminada",
            article: "la categoria",
            referenced: "Existen productos con esta categoría. Por favor elimine esos productos para continuar",
            duplicate: "Ya existe una categoría con ese nombre",
        },
        LookupKind::Marca => Texts {
            created: "La marca ha sido creada con éxito!",
            updated: "la marca ha sido actualizada!",
            deleted: "La marca ha sido eliminada",
            article: "la marca",
            referenced: "Existen Productos con la marca. Por favor elimine esos productos para continuar",
            duplicate: "Ya existe una marca con ese nombre",
        },
        LookupKind::Material => Texts {
            created: "El material ha sido creado con éxito!",
            updated: "El material ha sido actualizado!",
            deleted: "El material ha sido eliminado",
            article: "el material",
            referenced: "Existen producto con este material. Por favor elimine esos productos para continuar",
            duplicate: "Ya existe un material con ese nombre",
        },
        LookupKind::MetodoPago => Texts {
            created: "El método de pago ha sido creado con éxito!",
            updated: "El método de pago ha sido actualizado!",
            deleted: "El método de pago ha sido eliminado",
            article: "el método de pago",
            referenced: "Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar",
            duplicate: "Ya existe un método de pago con ese nombre",
        },
        LookupKind::Local => Texts {
            created: "El local ha sido creado con éxito!",
            updated: "El local ha sido actualizado!",
            deleted: "El local ha sido eliminado",
            article: "el local",
            referenced: "Existen Movimientos en la Caja o productos que poseen este local. Por favor elimine esos movimientos o productos para continuar",
            duplicate: "Ya existe un local con ese nombre",
        },
        LookupKind::Proveedor => Texts {
            created: "El proveedor ha sido creado con éxito!",
            updated: "El proveedor ha sido actualizado!",
            deleted: "El proveedor ha sido eliminado",
            article: "el proveedor",
            referenced: "Existen productos con este proveedor. Por favor elimine esos productos para continuar",
            duplicate: "Ya existe un proveedor con ese nombre",
        },
        LookupKind::Laboratorio => Texts {
            created: "El laboratorio ha sido creado con éxito!",
            updated: "El laboratorio ha sido actualizado!",
            deleted: "El laboratorio ha sido eliminado",
            article: "el laboratorio",
            referenced: "Existen trabajos encargados a este laboratorio. Por favor elimine esos trabajos para continuar",
            duplicate: "Ya existe un laboratorio con ese nombre",
        },
    }
}
