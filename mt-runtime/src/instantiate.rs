//! `instantiate!`: one MR body, several registered MRs, one per SUT or
//! per parameter value.

/// Registers one MR per value of an extra parameter: the same relation over
/// several implementations of a SUT, or a parameterised relation
/// ("scaling by c") for several `c`.
///
/// The function takes a third parameter; each line `name = value;` below
/// it becomes an MR `name` (a constant `Mr<T>`, as with
/// `#[metamorphic]`) that calls the function with `value`. Each MR has its
/// own id (`module::name`) and display name (`function(value)`), so the
/// report keeps them apart; the relation class is the attribute's `output`
/// (MRs of one form share a class), or `output = ".."` on a line gives
/// that instance its own (then leave it out of the attribute).
///
/// ```
/// use mt_runtime::{instantiate, Mg};
///
/// fn fast_abs(x: &i32) -> i32 { if *x < 0 { x.wrapping_neg() } else { *x } }
/// fn reference_abs(x: &i32) -> i32 { x.wrapping_abs() }
///
/// instantiate! {
///     /// abs is even, in every implementation.
///     #[metamorphic(output = "equal")]
///     fn even(mg: &mut Mg, x: &i32, abs: fn(&i32) -> i32) {
///         let a = mg.source(x, abs);
///         let b = mg.follow_up(&x.wrapping_neg(), abs);
///         mg.check_eq(a, b);
///     }
///     even_fast = fast_abs;
///     even_reference = reference_abs;
/// }
///
/// instantiate! {
///     /// Scaling the input by c scales abs by |c|.
///     #[metamorphic]
///     fn scaling(mg: &mut Mg, x: &i32, c: i32) {
///         let a = mg.source(x, reference_abs);
///         let b = mg.follow_up(&(x * c), reference_abs);
///         mg.check_eq(b, a * c.abs());
///     }
///     scaling_2 = 2, output = "scaled";
///     scaling_minus_3 = -3, output = "scaled";
/// }
///
/// mt_runtime::check(&[-7, 0, 12], &[even_fast, even_reference, scaling_2, scaling_minus_3]);
/// assert_eq!(even_fast.info().name(), "even(fast_abs)");
/// assert_ne!(even_fast.info().id(), even_reference.info().id());
/// ```
///
/// The source input parameter is a plain name (destructure it in the
/// body); the function may return `Result`, like any MR.
#[macro_export]
macro_rules! instantiate {
    (
        $(#[doc = $doc:literal])*
        #[metamorphic $(($($args:tt)*))?]
        $vis:vis fn $generic:ident($mg:ident: &mut Mg, $input:ident: &$T:ty, $param:ident: $P:ty) $(-> $ret:ty)?
        $body:block
        $($instances:tt)+
    ) => {
        $(#[doc = $doc])*
        $vis fn $generic($mg: &mut $crate::Mg, $input: &$T, $param: $P) $(-> $ret)? $body

        $crate::instantiate!(@instances [$($($args)*)?] [$(-> $ret)?] [$vis] $generic [$T] $($instances)+);
    };
    (@instances $args:tt $ret:tt $vis:tt $generic:ident $T:tt $( $instance:ident = $value:expr $(, output = $class:literal)? ; )+) => {
        $(
            $crate::instantiate!(@instance $args $ret $vis $generic $T $instance ($value) [$(output = $class,)?]);
        )+
    };
    (@instance [$($args:tt)*] [$($ret:tt)*] [$vis:vis] $generic:ident [$T:ty] $instance:ident ($value:expr) [$($class:tt)*]) => {
        #[doc = concat!("`", stringify!($generic), "` with `", stringify!($value), "`.")]
        #[$crate::metamorphic(name = concat!(stringify!($generic), "(", stringify!($value), ")"), $($class)* $($args)*)]
        $vis fn $instance(mg: &mut $crate::Mg, input: &$T) $($ret)* {
            $generic(mg, input, $value)
        }
    };
}
