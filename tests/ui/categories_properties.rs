use mt_runtime::categories;

#[derive(Debug)]
pub struct Order(pub u32);

categories! {
    Order -> u32 {
        size(o) {
            empty [if UNKNOWN] => o.0 == 0,
            small [if PAID] => o.0 < 10,
            large [single] [if EMPTY],
        }
        output total(o, t) {
            paid [property PAID] => *t > 0,
            free,
        }
    }
}

fn main() {}
