//! An id enum whose variants stand for id strings: `as_str`, `Display` (padding like
//! the string it replaces), `Debug` (the quoted string), serde (the string) and comparison with
//! strings, so output and test expectations written with the strings stay as they were.

/// Declares `enum $name` with `EVERY` (declaration order), `as_str`, `from_name` and the traits.
macro_rules! id_enum {
    ($(#[$m:meta])* pub enum $name:ident { $($(#[$vm:meta])* $var:ident => $s:literal,)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $($(#[$vm])* #[doc = concat!("`", $s, "`")] $var,)*
        }

        impl $name {
            /// Every id, in declaration order.
            pub const EVERY: &'static [$name] = &[$($name::$var,)*];

            /// The id as output and JSON write it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $($name::$var => $s,)*
                }
            }

            /// The id with this name, if any.
            pub fn from_name(id: &str) -> Option<$name> {
                $name::EVERY.iter().copied().find(|x| x.as_str() == id)
            }
        }

        $crate::url::syntax::id::string_traits!($name);
    };
}

/// `Display`, `Debug`, serde and string comparison through `as_str`.
macro_rules! string_traits {
    ($name:ty) => {
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.pad(self.as_str())
            }
        }

        /// Shown as its id, like the string it replaces.
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Debug::fmt(self.as_str(), f)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }
    };
}

pub(crate) use {id_enum, string_traits};
