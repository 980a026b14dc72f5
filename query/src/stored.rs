//! A read model's text column decoded into the enum the answer names (`ENTRADA`,
//! `PEDIDO_CRISTALES`...), so that a value the enum does not know fails the read instead of
//! reaching a client as a string no screen expects.

use sqlx::decode::Decode;
use sqlx::error::BoxDynError;
use sqlx::postgres::{PgTypeInfo, PgValueRef};
use sqlx::{Postgres, Type};

/// A column read through `T::try_from(String)` (the events crate's stored names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored<T>(pub T);

impl<T> Type<Postgres> for Stored<T> {
    fn type_info() -> PgTypeInfo {
        <String as Type<Postgres>>::type_info()
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        <String as Type<Postgres>>::compatible(ty)
    }
}

impl<'r, T> Decode<'r, Postgres> for Stored<T>
where
    T: TryFrom<String>,
    T::Error: std::error::Error + Send + Sync + 'static,
{
    fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
        let name = <String as Decode<Postgres>>::decode(value)?;
        Ok(Stored(T::try_from(name)?))
    }
}
