//! Placeholder: the real attribute is being written.
use proc_macro::TokenStream;
/// Marks a metamorphic relation.
#[proc_macro_attribute]
pub fn metamorphic(_args: TokenStream, item: TokenStream) -> TokenStream {
    item
}
