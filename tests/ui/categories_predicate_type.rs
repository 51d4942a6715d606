use mt_runtime::categories;

#[derive(Debug)]
pub struct Order(pub u32);

categories! {
    Order {
        size(o) {
            small => o.0,
            large,
        }
    }
}

fn main() {}
