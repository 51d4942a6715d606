//! Checked-baggage fees: a business-rule calculator of the kind the
//! black-box criteria of category partition were made for.
//!
//! The rules:
//!
//! - each cabin carries some bags free (economy 1, business 2, first 3),
//!   one more for gold members;
//! - every further bag costs 40, 20 for silver members;
//! - a heaviest bag over the cabin's weight limit (23 kg economy, 32 kg
//!   business and first) costs 75 once, waived for gold members;
//! - more than 5 bags, or a bag over 45 kg, is refused.
//!
//! With the cargo feature `buggy`, a bag at exactly the weight limit is
//! charged as overweight. See the README for which relations catch it.
//!
//! ```
//! use fees::{Booking, Cabin, Tier, fee};
//! let booking = Booking { cabin: Cabin::Economy, tier: Tier::Silver, bags: 3, heaviest_kg: 20 };
//! assert_eq!(fee(&booking), Ok(40));
//! ```

/// The travel class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cabin {
    Economy,
    Business,
    First,
}

/// The frequent-flyer tier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tier {
    None,
    Silver,
    Gold,
}

/// What is checked in: the source input of the example's relations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Booking {
    pub cabin: Cabin,
    pub tier: Tier,
    pub bags: u32,
    /// Weight of the heaviest bag, in whole kilograms.
    pub heaviest_kg: u32,
}

/// Why a booking's baggage is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Refused {
    TooManyBags,
    TooHeavy,
}

/// The most bags one booking may check in.
pub const MAX_BAGS: u32 = 5;
/// The heaviest bag accepted at all, in kg.
pub const MAX_KG: u32 = 45;
/// The overweight surcharge.
pub const OVERWEIGHT: u32 = 75;

/// The cabin's weight limit per bag, in kg.
pub fn weight_limit(cabin: Cabin) -> u32 {
    match cabin {
        Cabin::Economy => 23,
        Cabin::Business | Cabin::First => 32,
    }
}

/// Bags carried free.
pub fn allowance(cabin: Cabin, tier: Tier) -> u32 {
    let base = match cabin {
        Cabin::Economy => 1,
        Cabin::Business => 2,
        Cabin::First => 3,
    };
    base + u32::from(tier == Tier::Gold)
}

/// The baggage fee of a booking.
pub fn fee(booking: &Booking) -> Result<u32, Refused> {
    if booking.bags > MAX_BAGS {
        return Err(Refused::TooManyBags);
    }
    if booking.bags == 0 {
        return Ok(0);
    }
    if booking.heaviest_kg > MAX_KG {
        return Err(Refused::TooHeavy);
    }
    let extra = booking
        .bags
        .saturating_sub(allowance(booking.cabin, booking.tier));
    let per_bag = if booking.tier == Tier::Silver { 20 } else { 40 };
    let mut total = extra * per_bag;
    if overweight(booking) && booking.tier != Tier::Gold {
        total += OVERWEIGHT;
    }
    Ok(total)
}

fn overweight(booking: &Booking) -> bool {
    let limit = weight_limit(booking.cabin);
    if cfg!(feature = "buggy") {
        booking.heaviest_kg >= limit
    } else {
        booking.heaviest_kg > limit
    }
}
