//! The two powers of two the dial needs, without a floating-point library (`no_std`): each a
//! short series, deterministic on every target.

use core::f64::consts::LN_2;

/// `log2(x)` for a finite `x > 0`: the exponent of its float, plus the logarithm of the mantissa
/// `m` in `[1, 2)` as `2 atanh((m - 1) / (m + 1)) / ln 2` (an absolute error below 1e-9).
pub(crate) fn log2(x: f64) -> f64 {
    let bits = x.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let mantissa = f64::from_bits((bits & ((1 << 52) - 1)) | (1023 << 52));
    let z = (mantissa - 1.0) / (mantissa + 1.0);
    let (z2, mut power, mut sum) = (z * z, z, 0.0);
    for n in 0..12 {
        sum += power / f64::from(2 * n + 1);
        power *= z2;
    }
    exponent as f64 + 2.0 * sum / LN_2
}

/// `2^x` for `x <= 0` (0 below -1000): the integer part into the exponent, the fraction by the
/// series of `e^(f ln 2)` (a relative error below 1e-9).
pub(crate) fn exp2(x: f64) -> f64 {
    if x.is_nan() || x < -1000.0 {
        return 0.0;
    }
    // The floor of x (`as` rounds toward zero).
    let whole = x as i64 - i64::from((x as i64) as f64 > x);
    let fraction = (x - whole as f64) * LN_2;
    let (mut term, mut sum) = (1.0, 1.0);
    for n in 1..=12 {
        term *= fraction / f64::from(n);
        sum += term;
    }
    sum * f64::from_bits(((whole + 1023) as u64) << 52)
}

/// `x^y` for `x > 0`, through the two above (`x^y <= 1` where the dial uses it).
pub(crate) fn pow(x: f64, y: f64) -> f64 {
    let power = y * log2(x);
    if power <= 0.0 {
        exp2(power)
    } else {
        // 2^p = 2^ceil(p) * 2^(p - ceil(p)).
        let whole = power as i64 + i64::from((power as i64) as f64 != power);
        exp2(power - whole as f64) * f64::from_bits(((whole + 1023) as u64) << 52)
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::{exp2, log2, pow};

    /// Against the standard library's own, over a spread of arguments.
    #[test]
    fn the_series_agree_with_the_standard_library() {
        for i in 1..2000 {
            let x = f64::from(i) * 0.37;
            assert!((log2(x) - x.log2()).abs() < 1e-9, "log2 {x}");
            let y = -f64::from(i) * 0.013;
            assert!((exp2(y) / y.exp2() - 1.0).abs() < 1e-9, "exp2 {y}");
            let s = f64::from(i) / 2000.0;
            for e in [0.6, 10.0, 1.0] {
                assert!((pow(s, e) / s.powf(e) - 1.0).abs() < 1e-8, "{s}^{e}");
            }
            assert!((pow(s, -0.6) / s.powf(-0.6) - 1.0).abs() < 1e-8, "{s}^-0.6");
        }
        assert_eq!(exp2(-2000.0), 0.0);
        assert_eq!(exp2(f64::NAN), 0.0);
    }
}
