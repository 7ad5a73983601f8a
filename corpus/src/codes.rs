//! `error_codes!`: the stable codes of a crate's errors, declared once.
//!
//! An error that reaches the interface carries a code (`query.unclosed_quote`)
//! besides its English sentence, so the UI can write it in the reader's
//! language. The macro declares the code enum, the id of each code and the
//! list of all of them together, so a code cannot be added without being
//! listed; the app checks that the UI has a translation of every listed code.
//! It lives in the lowest crate the error crates share.

/// `error_codes! { /// doc \n Name { /// doc \n Variant = "ns.id", … } }`
/// (a variant's doc is optional).
#[macro_export]
macro_rules! error_codes {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $id:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name { $($(#[$vmeta])* $variant,)* }
        impl $name {
            /// Every code, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];
            /// The stable id the UI translates (`ui/src/locales/*/errors.json`).
            pub fn id(self) -> &'static str {
                match self { $($name::$variant => $id,)* }
            }
        }
    };
}
