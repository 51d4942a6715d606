use mt_runtime::categories;

#[derive(Debug)]
pub struct Order(pub u32);

categories! {
    Order {
        size(o) {
            empty [property EMPTY] => o.0 == 0,
            small [bogus] => o.0 < 10,
            large [if !EMPTY],
        }
    }
}

fn main() {}
