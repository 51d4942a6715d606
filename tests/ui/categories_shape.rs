use mt_runtime::categories;

#[derive(Debug)]
pub struct Order(pub u32);

categories! {
    Order {
        size(o, extra) {
            small,
            large => o.0 >= 10,
        }
        output total(o, t) {
            paid => *t > 0,
        }
    }
}

fn main() {}
