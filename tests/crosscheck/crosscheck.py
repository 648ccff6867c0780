#!/usr/bin/python3
"""Independent cross-check of the reference evaluator's elementwise float results.

For each (op, float type) this script builds one StableHLO module whose operands are hex dense
literals of raw input bits, runs `hloconf eval --hex` on it, and compares every result element with
a value computed here, independently of the evaluator:

  * the exact result is computed with mpmath (a pure-Python multiprecision library, not MPFR) at
    high precision, or exactly with integers/fractions where the result is rational (divide, and
    sqrt / rsqrt / cbrt / power when the result happens to be rational);
  * it is rounded to the format by the rounding code in this file, written from the format
    parameters (exponent bits, mantissa bits, bias, which specials exist) and nothing else.

Rounding is a Ziv loop: the mpmath value y computed at working precision P is taken to lie within
relative distance 2^-P of the exact value (mpmath is evaluated at P + guard bits); the result is
accepted only when both ends of that interval round to the same encoding, and the same encoding comes
out of an independent evaluation at P + 64 bits. Otherwise P is doubled. Results that can be exactly
on a rounding boundary (a midpoint, ties-to-even) are rational and are handled exactly before any
approximation is made; the transcendental functions only take such values at the trivial arguments
(exp(0), log(1), ...), which are special-cased.

complex<f32> and complex<f64> operands (the chlo ops that take them) are checked part by part: each
part of the exact complex value rounded once, with C99 Annex G's special values and branch cuts.

Usage: crosscheck.py --hloconf PATH [--full] [--ops a,b] [--types t,u] [--jobs N] [--seed S]
Exit status 0 when every element matches, 1 on any mismatch, 2 on a tool/usage error.
"""

import argparse
import math
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

try:
    import mpmath
    from mpmath import mp, mpf
except ImportError:  # CTest treats 77 as "skipped" (SKIP_RETURN_CODE)
    print('crosscheck: python3-mpmath is not installed (apt-get install python3-mpmath); skipped',
          file=sys.stderr)
    sys.exit(77)

# --------------------------------------------------------------------------------------------------
# Float formats, from their parameters only.
# kind: 'ieee'  -> infinities (E all ones, M = 0) and NaNs (E all ones, M != 0), -0 exists.
#       'fn'    -> no infinity, only S.1..1.1..1 is NaN, -0 exists, overflow -> NaN.
#       'fnuz'  -> no infinity, no -0: 0x80 (sign set, rest zero) is the only NaN, overflow -> NaN.
#       'none'  -> no infinity, no NaN, -0 exists, overflow saturates to +-largest.
# --------------------------------------------------------------------------------------------------


class Fmt:
    def __init__(self, name, ebits, mbits, bias, kind):
        self.name = name
        self.ebits = ebits
        self.mbits = mbits
        self.bias = bias
        self.kind = kind
        self.bits = 1 + ebits + mbits
        self.nbytes = 1 if self.bits <= 8 else (2 if self.bits <= 16 else (4 if self.bits <= 32 else 8))
        self.p = mbits + 1  # precision
        self.sign = 1 << (self.bits - 1)
        self.emask = (1 << ebits) - 1
        self.mmask = (1 << mbits) - 1
        self.emin = 1 - bias  # exponent of the smallest normal
        if kind == 'ieee':
            self.emax = self.emask - 1 - bias
            self.max_sig = (1 << self.p) - 1  # largest finite = max_sig * 2^(emax - mbits)
        elif kind == 'fn':
            self.emax = self.emask - bias
            self.max_sig = (1 << self.p) - 2  # the all-ones mantissa is NaN
        else:  # fnuz, none: every exponent/mantissa is a finite value
            self.emax = self.emask - bias
            self.max_sig = (1 << self.p) - 1

    def has_nan(self):
        return self.kind != 'none'

    def has_negzero(self):
        return self.kind != 'fnuz'

    # ---- decoding ----
    def decode(self, b):
        """('nan',) | ('inf', neg) | ('zero', neg) | ('fin', neg, odd_man, exp)."""
        neg = bool(b & self.sign)
        e = (b >> self.mbits) & self.emask
        m = b & self.mmask
        if self.kind == 'ieee' and e == self.emask:
            return ('nan',) if m else ('inf', neg)
        if self.kind == 'fn' and e == self.emask and m == self.mmask:
            return ('nan',)
        if self.kind == 'fnuz' and b == self.sign:
            return ('nan',)
        if e == 0:
            man, ex = m, self.emin - self.mbits
        else:
            man, ex = m | (1 << self.mbits), e - self.bias - self.mbits
        if man == 0:
            return ('zero', neg)
        while man & 1 == 0:
            man >>= 1
            ex += 1
        return ('fin', neg, man, ex)

    def is_nan(self, b):
        return self.decode(b)[0] == 'nan'

    # ---- encoding of specials ----
    def enc_zero(self, neg):
        return self.sign if (neg and self.has_negzero()) else 0

    def enc_largest(self, neg):
        e = self.emax + self.bias
        b = (e << self.mbits) | (self.max_sig & self.mmask)
        return b | (self.sign if neg else 0)

    def enc_nan(self, neg=False):
        if self.kind == 'ieee':
            return (self.emask << self.mbits) | (1 << (self.mbits - 1))
        if self.kind == 'fn':
            return (self.sign if neg else 0) | (self.emask << self.mbits) | self.mmask
        if self.kind == 'fnuz':
            return self.sign
        return 0  # 'none': no NaN; docs/element-types.md maps NaN to +0

    def enc_inf(self, neg):
        """Encoding of an infinite exact result (same rule as overflow)."""
        if self.kind == 'ieee':
            return (self.sign if neg else 0) | (self.emask << self.mbits)
        if self.kind in ('fn', 'fnuz'):
            return self.enc_nan(neg)
        return self.enc_largest(neg)

    # ---- rounding of an exact value (-1)^neg * num / den * 2^e2, num, den > 0 ----
    def round_exact(self, neg, num, den, e2):
        assert num > 0 and den > 0
        c = num.bit_length() - den.bit_length()
        # value / 2^(e2 + c) is in [1/2, 2): pick the binade exponent e with 2^e <= value < 2^(e+1).
        if c >= 0:
            ge = num >= (den << c)
        else:
            ge = (num << -c) >= den
        e = e2 + c if ge else e2 + c - 1
        if e > self.emax + 1:
            return self.enc_inf(neg)  # >= 2^(emax+2): overflows in every format
        if e < self.emin - self.mbits - 1:
            return self.enc_zero(neg)  # < 2^(emin-mbits-1) = half the smallest subnormal
        q = max(e, self.emin) - self.mbits  # exponent of the last significand bit
        s = e2 - q
        if s >= 0:
            N, D = num << s, den
        else:
            N, D = num, den << -s
        n, r = divmod(N, D)
        if 2 * r > D or (2 * r == D and (n & 1)):
            n += 1
        if n == 0:
            return self.enc_zero(neg)
        if n >> self.p:  # carried into a new binade: n == 2^p
            n >>= 1
            q += 1
        top = q + self.mbits  # exponent of the leading bit if normal
        if n >> self.mbits:  # normal
            if top > self.emax or (top == self.emax and n > self.max_sig):
                return self.enc_inf(neg)
            b = ((top + self.bias) << self.mbits) | (n & self.mmask)
        else:  # subnormal (q == emin - mbits)
            b = n
        return b | (self.sign if neg else 0)

    # ---- helpers for building inputs ----
    def from_float(self, v):
        if v != v:
            return self.enc_nan()
        if v in (math.inf, -math.inf):
            return self.enc_inf(v < 0)
        if v == 0:
            return self.enc_zero(math.copysign(1, v) < 0)
        num, den = abs(v).as_integer_ratio()
        return self.round_exact(v < 0, num, den, 0)

    def from_mpf(self, y):
        s, man, ex, bc = y._mpf_
        if man == 0:
            return self.from_float(float(y))
        return self.round_exact(bool(s), man, 1, ex)

    def neighbours(self, b, k):
        """b and its finite neighbours up to k steps on each side (same sign, no crossing specials)."""
        out = []
        mag = b & ~self.sign
        sgn = b & self.sign
        for d in range(-k, k + 1):
            m = mag + d
            if 0 <= m < self.sign:
                c = m | sgn
                if self.decode(c)[0] in ('fin', 'zero'):
                    out.append(c)
        return out

    def value_mpf(self, b):
        d = self.decode(b)
        if d[0] == 'fin':
            return mpf((-d[2] if d[1] else d[2], d[3]))
        if d[0] == 'zero':
            return mpf(0)
        if d[0] == 'inf':
            return mpf('-inf') if d[1] else mpf('inf')
        return mpf('nan')

    def show(self, b):
        d = self.decode(b)
        w = max(1, self.nbytes * 2)
        h = '0x%0*X' % (w, b)
        if d[0] == 'nan':
            return h + ' (NaN)'
        if d[0] == 'inf':
            return h + (' (-inf)' if d[1] else ' (+inf)')
        if d[0] == 'zero':
            return h + (' (-0)' if d[1] else ' (+0)')
        with mp.workprec(80):
            return h + ' (' + mpmath.nstr(self.value_mpf(b), 20) + ')'


FORMATS = {f.name: f for f in [
    Fmt('f64', 11, 52, 1023, 'ieee'),
    Fmt('f32', 8, 23, 127, 'ieee'),
    Fmt('f16', 5, 10, 15, 'ieee'),
    Fmt('bf16', 8, 7, 127, 'ieee'),
    Fmt('f8E4M3FN', 4, 3, 7, 'fn'),
    Fmt('f8E5M2', 5, 2, 15, 'ieee'),
    Fmt('f8E4M3FNUZ', 4, 3, 8, 'fnuz'),
    Fmt('f8E5M2FNUZ', 5, 2, 16, 'fnuz'),
    Fmt('f8E4M3B11FNUZ', 4, 3, 11, 'fnuz'),
    Fmt('f8E3M4', 3, 4, 3, 'ieee'),
    Fmt('f8E4M3', 4, 3, 7, 'ieee'),
    Fmt('f6E2M3FN', 2, 3, 1, 'none'),
    Fmt('f6E3M2FN', 3, 2, 3, 'none'),
    Fmt('f4E2M1FN', 2, 1, 1, 'none'),
]}

# --------------------------------------------------------------------------------------------------
# Exact results. An op returns one of
#   ('nan',)                      NaN
#   ('inf', neg) / ('zero', neg)  signed infinity / zero
#   ('exact', neg, num, den, e2)  the rational (-1)^neg num/den 2^e2
#   ('approx', f, why)            f(P) -> mpf, nonzero finite, within relative 2^-P of the exact value
# --------------------------------------------------------------------------------------------------

GUARD = 24
P0 = 320
PMAX = 40000


class Unresolved(Exception):
    pass


def xval(d):
    """mpf of a decoded finite value (exact at any precision >= 64 bits)."""
    return mpf((-d[2] if d[1] else d[2], d[3]))


def ONE(neg=False):
    return ('exact', neg, 1, 1, 0)


def HUGE(neg=False):
    return ('exact', neg, 1, 1, 100000)  # overflows every format


def TINY(neg=False):
    return ('exact', neg, 1, 1, -100000)  # rounds to zero in every format


def ONE_MINUS_TINY(neg=False):
    return ('exact', neg, (1 << 8000) - 1, 1, -8000)  # rounds to 1 in every format


def approx(fn, why=''):
    def f(P):
        with mp.workprec(P + GUARD):
            return fn()
    return ('approx', f, why)


def mag2(d):
    """floor(log2 |x|) of a decoded finite value."""
    return d[3] + d[2].bit_length() - 1


def op_exponential(x):
    k = x[0]
    if k == 'nan':
        return ('nan',)
    if k == 'inf':
        return ('zero', False) if x[1] else ('inf', False)
    if k == 'zero':
        return ONE()
    if mag2(x) >= 13:  # |x| >= 8192
        return TINY() if x[1] else HUGE()
    return approx(lambda: mp.exp(xval(x)))


def op_expm1(x):
    k = x[0]
    if k == 'nan':
        return ('nan',)
    if k == 'inf':
        return ONE(True) if x[1] else ('inf', False)
    if k == 'zero':
        return x
    if mag2(x) >= 13:
        return ONE_MINUS_TINY(True) if x[1] else HUGE()
    return approx(lambda: mp.expm1(xval(x)))


def op_log(x):
    k = x[0]
    if k == 'nan':
        return ('nan',)
    if k == 'zero':
        return ('inf', True)
    if x[1]:
        return ('nan',)
    if k == 'inf':
        return ('inf', False)
    if x[2] == 1 and x[3] == 0:
        return ('zero', False)
    return approx(lambda: mp.log(xval(x)))


def op_log1p(x):
    k = x[0]
    if k == 'nan':
        return ('nan',)
    if k == 'zero':
        return x
    if k == 'inf':
        return ('nan',) if x[1] else ('inf', False)
    if x[1]:
        if x[2] == 1 and x[3] == 0:
            return ('inf', True)
        if mag2(x) >= 0:  # x <= -1, and x != -1
            return ('nan',)
    return approx(lambda: mp.log1p(xval(x)))


def op_logistic(x):
    k = x[0]
    if k == 'nan':
        return ('nan',)
    if k == 'inf':
        return ('zero', False) if x[1] else ONE()
    if k == 'zero':
        return ('exact', False, 1, 1, -1)
    if mag2(x) >= 13:
        return TINY() if x[1] else ONE_MINUS_TINY()
    return approx(lambda: 1 / (1 + mp.exp(-xval(x))))


def trig(fn, zero_result):
    def op(x):
        k = x[0]
        if k in ('nan', 'inf'):
            return ('nan',)
        if k == 'zero':
            return zero_result(x)
        return approx(lambda: fn(xval(x)))
    return op


op_sine = trig(mp.sin, lambda x: x)
op_cosine = trig(mp.cos, lambda x: ONE())
op_tan = trig(mp.tan, lambda x: x)


def op_tanh(x):
    k = x[0]
    if k == 'nan':
        return ('nan',)
    if k == 'inf':
        return ONE(x[1])
    if k == 'zero':
        return x
    if mag2(x) >= 13:
        return ONE_MINUS_TINY(x[1])
    return approx(lambda: mp.tanh(xval(x)))


def iroot(n, k):
    """Integer k-th root r of n if exact, else None."""
    r = int(round(n ** (1.0 / k))) if n < (1 << 1000) else None
    if r is None:
        return None
    for c in (r - 1, r, r + 1):
        if c >= 0 and c ** k == n:
            return c
    return None


def exact_root(man, ex, k):
    """(r, re) with r * 2^re == (man * 2^ex)^(1/k) exactly, or None."""
    while ex % k:
        man <<= 1
        ex -= 1
    r = iroot(man, k)
    return None if r is None else (r, ex // k)


def op_cbrt(x):
    k = x[0]
    if k in ('nan', 'inf', 'zero'):
        return x
    rr = exact_root(x[2], x[3], 3)
    if rr:
        return ('exact', x[1], rr[0], 1, rr[1])
    return approx(lambda: (-1 if x[1] else 1) * mp.cbrt(abs(xval(x))))


def op_sqrt(x):
    k = x[0]
    if k in ('nan', 'zero'):
        return x
    if x[1]:
        return ('nan',)
    if k == 'inf':
        return x
    rr = exact_root(x[2], x[3], 2)
    if rr:
        return ('exact', False, rr[0], 1, rr[1])
    return approx(lambda: mp.sqrt(xval(x)))


def op_rsqrt(x):
    k = x[0]
    if k == 'nan':
        return x
    if k == 'zero':
        return ('inf', x[1])
    if x[1]:
        return ('nan',)
    if k == 'inf':
        return ('zero', False)
    rr = exact_root(x[2], x[3], 2)
    if rr:
        return ('exact', False, 1, rr[0], -rr[1])
    return approx(lambda: 1 / mp.sqrt(xval(x)))


def op_divide(a, b):
    ka, kb = a[0], b[0]
    if ka == 'nan' or kb == 'nan':
        return ('nan',)
    neg = a[1] != b[1]
    if ka == 'inf':
        return ('nan',) if kb == 'inf' else ('inf', neg)
    if ka == 'zero':
        return ('nan',) if kb == 'zero' else ('zero', neg)
    if kb == 'zero':
        return ('inf', neg)
    if kb == 'inf':
        return ('zero', neg)
    return ('exact', neg, a[2], b[2], a[3] - b[3])


def op_atan2(y, x):
    ky, kx = y[0], x[0]
    if ky == 'nan' or kx == 'nan':
        return ('nan',)
    s = y[1]
    pi = lambda m, d: approx(lambda: (-1 if s else 1) * m * mp.pi / d)
    if ky == 'zero':
        return pi(1, 1) if x[1] else ('zero', s)  # x = -0 or negative -> +-pi; +0 or positive -> +-0
    if kx == 'zero':
        return pi(1, 2)
    if ky == 'inf':
        if kx == 'inf':
            return pi(3, 4) if x[1] else pi(1, 4)
        return pi(1, 2)
    if kx == 'inf':
        return pi(1, 1) if x[1] else ('zero', s)
    return approx(lambda: mp.atan2(xval(y), xval(x)))


def is_int(d):
    return d[0] == 'fin' and d[3] >= 0


def is_odd_int(d):
    return d[0] == 'fin' and d[3] == 0


def op_power(x, y):
    kx, ky = x[0], y[0]
    if ky == 'zero':
        return ONE()
    if kx == 'fin' and not x[1] and x[2] == 1 and x[3] == 0:
        return ONE()
    if kx == 'nan' or ky == 'nan':
        return ('nan',)
    odd = is_odd_int(y)
    if kx == 'zero':
        if y[1]:
            return ('inf', x[1] if odd else False)
        return ('zero', x[1] if odd else False)
    if ky == 'inf':
        if kx == 'fin' and x[2] == 1 and x[3] == 0:  # x == -1
            return ONE()
        small = kx == 'fin' and mag2(x) < 0  # |x| < 1
        if y[1]:
            return ('inf', False) if small else ('zero', False)
        return ('zero', False) if small else ('inf', False)
    if kx == 'inf':
        if x[1]:
            if y[1]:
                return ('zero', odd)
            return ('inf', odd)
        return ('zero', False) if y[1] else ('inf', False)
    # finite nonzero x, finite nonzero y
    if x[1] and not is_int(y):
        return ('nan',)
    neg = x[1] and odd
    ex = exact_pow(x[2], x[3], y)
    if ex is not None:
        return ex[0], neg, ex[1], ex[2], ex[3]
    # |x|^y = exp(y ln|x|); decide far over/underflow from a coarse estimate first.
    with mp.workprec(80):
        t = xval(y) * mp.log(abs(xval(x)), 2)
    if t > 1100:
        return HUGE(neg)
    if t < -1200:
        return TINY(neg)
    extra = int(abs(t)).bit_length() + 8

    def fn():
        with mp.workprec(mp.prec + extra):
            ax = abs(xval(x))
            lx = mp.log1p(ax - 1) if abs(ax - 1) < 0.25 else mp.log(ax)
            return (-1 if neg else 1) * mp.exp(xval(y) * lx)
    return approx(fn, 'pow')


def exact_pow(xm, xe, y):
    """|x|^y exactly as ('exact', num, den, e2) when it is rational and of moderate size, else None.
    (None is also returned for rationals too large to matter: their odd part has > 4096 bits, so they
    are neither representable nor a rounding boundary in any format, and the Ziv loop resolves them.)"""
    ym, ye = y[2], y[3]
    ysign = -1 if y[1] else 1
    if ye >= 0:
        Y = ym << ye
        if xm == 1:
            return ('exact', 1, 1, xe * Y * ysign)
        if Y * xm.bit_length() > 4096:
            return None
        p = xm ** Y
        return ('exact', p, 1, xe * Y * ysign) if ysign > 0 else ('exact', 1, p, xe * Y * ysign)
    k = -ye  # y = ym / 2^k, ym odd
    if xe % (1 << k):
        return None
    E = (xe >> k) * ym * ysign
    r = xm
    for _ in range(k):
        if r == 1:
            break
        s = math.isqrt(r)
        if s * s != r:
            return None
        r = s
    if r == 1:
        return ('exact', 1, 1, E)
    if ym * r.bit_length() > 4096:
        return None
    p = r ** ym
    return ('exact', p, 1, E) if ysign > 0 else ('exact', 1, p, E)


UNARY = {
    'exponential': op_exponential,
    'exponential_minus_one': op_expm1,
    'log': op_log,
    'log_plus_one': op_log1p,
    'logistic': op_logistic,
    'sine': op_sine,
    'cosine': op_cosine,
    'tan': op_tan,
    'tanh': op_tanh,
    'cbrt': op_cbrt,
    'rsqrt': op_rsqrt,
    'sqrt': op_sqrt,
}
BINARY = {
    'atan2': op_atan2,
    'power': op_power,
    'divide': op_divide,
}


# --------------------------------------------------------------------------------------------------
# chlo ops (docs/design/chlo.md). Each is the exact function rounded once, as the stablehlo ops above;
# the special values are those chlo.md's definitions give, and where chlo.md leaves a choice (the poles
# of digamma, polygamma and zeta) the one docs/design/chlo.md records. The values come from mpmath's
# functions or, where mpmath is slow (erf_inv) or lacks the function on the whole domain (lgamma and
# zeta of negative arguments), from formulas written here: reflection, a finite sum of terms.
# Ziv loops for these ops start at 2p + 64 bits (CHLO_P0) instead of P0: mpmath's zeta and polygamma
# cost milliseconds at 344 bits; the loop doubles the precision wherever that is not enough.
# --------------------------------------------------------------------------------------------------


def chlo_approx(fmt_p, fn, extra=0):
    """('approx', f, why, p0): fn() evaluated at P + GUARD + extra bits."""
    def f(P):
        with mp.workprec(P + GUARD + extra):
            return fn()
    return ('approx', f, 'chlo', 2 * fmt_p + 64)


def odd_tiny(x, p):
    """f(x) = x (1 + c x^2 + ...) with |c| <= 1/3 rounds to x when x^2 < 2^-(p + 2): the relative
    correction is below 2^-(p + 3), less than half the relative gap next to x (>= 2^-p), and x itself is
    in the format. Returns x (decoded) for such x, else None."""
    if x[0] == 'fin' and 2 * (mag2(x) + 1) < -(p + 2):
        return x
    return None


def fexact(x):
    """A decoded finite value as an 'exact' result."""
    return ('exact', x[1], x[2], 1, x[3])


def chlo_unary(fn, zero, inf, domain=None, odd=False, tiny_is_x=False, far=None, exact_at=None):
    """A chlo unary op: zero(x) / inf(x) give the results at +-0 / +-inf (None: fn's value there),
    exact_at(x) the exact results at finite points (x = 1 for acos, ...), domain(v) says whether the
    finite value is inside the domain (else NaN), far(x) may settle a huge argument, fn(v) is the exact
    function of an mpf (of |v| when odd)."""
    def make(p):
        def op(x):
            k = x[0]
            if k == 'nan':
                return ('nan',)
            r = zero(x) if k == 'zero' else inf(x) if k == 'inf' else None
            if r is not None:
                return r
            if k != 'fin':  # fn's own value at +-0 / +-inf (acos(0) = pi/2, atan(inf) = pi/2)
                v = mpf(0) if k == 'zero' else mpf('-inf') if x[1] else mpf('inf')
                return chlo_approx(p, lambda: fn(v))
            v = xval(x)
            if exact_at is not None:
                r = exact_at(x)
                if r is not None:
                    return r
            if domain is not None and not domain(v):
                return ('nan',)
            if tiny_is_x and odd_tiny(x, p):
                return fexact(x)
            if far is not None:
                r = far(x)
                if r is not None:
                    return r
            extra = max(0, -mag2(x)) if mag2(x) < -8 else 0  # room for 1 + x^2 and the like
            if odd:
                a = abs(v)
                return chlo_approx(p, lambda: (-1 if x[1] else 1) * fn(a), extra)
            return chlo_approx(p, lambda: fn(v), extra)
        return op
    return make


NAN = lambda x: ('nan',)
SAME = lambda x: x
PLUS_INF = lambda x: ('inf', False)
SIGNED_INF = lambda x: ('inf', x[1])
SIGNED_ZERO = lambda x: ('zero', x[1])


def far_huge(x):
    return HUGE(x[1]) if mag2(x) >= 13 else None  # |x| >= 8192: e^|x|/2 overflows every format


def far_cosh(x):
    return HUGE() if mag2(x) >= 13 else None


def pi_over(d, neg):
    return lambda p: chlo_approx(p, lambda: (-1 if neg else 1) * mp.pi / d)


def erf_far(x):
    if mag2(x) >= 5:  # |x| >= 32: 1 - erf(32) = erfc(32) < 2^-1400
        return ONE_MINUS_TINY(x[1])
    return None


def erfc_far(x):
    if mag2(x) >= 5:  # x >= 32: erfc(x) < 2^-1400 rounds to +0; x <= -32: 2 - tiny rounds to 2
        return ('exact', False, (1 << 8001) - 1, 1, -8000) if x[1] else TINY()
    return None


def erfinv_mp(v):
    """erf_inv(v) for 0 < v < 1 by Newton's method in mpmath from a double start value; for v >= 1/2
    the residual is erfc(y) - (1 - v) (1 - v is exact in mpmath), which does not cancel near 1."""
    import statistics
    nd = statistics.NormalDist()
    fv = float(v)
    if fv < 0.5:
        y = mpf(nd.inv_cdf((1 + fv) / 2) / math.sqrt(2)) if fv > 1e-300 else v * mp.sqrt(mp.pi) / 2
    else:
        c = float(1 - v)
        y = mpf(-nd.inv_cdf(c / 2) / math.sqrt(2)) if c > 1e-300 else mpf(27)
    if fv < 1e-300 and fv > 0:
        y = v * mp.sqrt(mp.pi) / 2
    tol = mpmath.ldexp(1, -mp.prec)
    half_sqrt_pi = mp.sqrt(mp.pi) / 2
    one_minus_v = 1 - v
    for _ in range(200):
        if v < 0.5:
            r = mp.erf(y) - v
        else:
            r = one_minus_v - mp.erfc(y)
        step = r * half_sqrt_pi * mp.exp(y * y)
        y -= step
        if abs(step) <= abs(y) * tol:
            break
    return y


def op_chlo_erf_inv(p):
    def op(x):
        k = x[0]
        if k == 'nan' or k == 'inf':
            return ('nan',)
        if k == 'zero':
            return x
        m = mag2(x)
        if m >= 0:  # |x| >= 1
            return ('inf', x[1]) if (x[2] == 1 and x[3] == 0) else ('nan',)
        a = abs(xval(x))
        extra = max(0, -m) if m < -8 else 0
        return chlo_approx(p, lambda: (-1 if x[1] else 1) * erfinv_mp(a), extra)
    return op


def is_nonpos_int(x):
    return x[0] == 'zero' or (x[0] == 'fin' and x[1] and x[3] >= 0)


def lgamma_mp(v):
    """log|Gamma(v)|; for v < 0 by reflection, Gamma(v) Gamma(1 - v) = pi / sin(pi v)."""
    if v > 0:
        return mp.loggamma(v)
    return mp.log(mp.pi) - mp.log(abs(mp.sinpi(v))) - mp.loggamma(1 - v)


def op_chlo_lgamma(p):
    def op(x):
        k = x[0]
        if k == 'nan':
            return ('nan',)
        if k == 'inf' or is_nonpos_int(x):
            return ('inf', False)
        if not x[1] and x[2] == 1 and x[3] in (0, 1):  # log Gamma(1) = log Gamma(2) = 0
            return ('zero', False)
        v = xval(x)
        return chlo_approx(p, lambda: lgamma_mp(v))
    return op


def digamma_mp(v):
    """psi(v); for v < 0 by reflection, psi(1 - v) - psi(v) = pi cot(pi v)."""
    if v > 0:
        return mp.digamma(v)
    return mp.digamma(1 - v) - mp.pi * mp.cospi(v) / mp.sinpi(v)


def op_chlo_digamma(p):
    def op(x):
        k = x[0]
        if k == 'nan':
            return ('nan',)
        if k == 'inf':
            return ('nan',) if x[1] else ('inf', False)
        if k == 'zero':  # the one-sided limit at a signed zero (docs/design/chlo.md)
            return ('inf', not x[1])
        if is_nonpos_int(x):
            return ('nan',)
        v = xval(x)
        return chlo_approx(p, lambda: digamma_mp(v))
    return op


def op_chlo_bessel_i1e(p):
    def op(x):
        k = x[0]
        if k == 'nan' or k == 'zero':
            return x
        if k == 'inf':
            return ('zero', x[1])
        a = abs(xval(x))
        extra = max(0, -mag2(x)) if mag2(x) < -8 else 0
        return chlo_approx(p, lambda: (-1 if x[1] else 1) * mp.besseli(1, a) * mp.exp(-a), extra)
    return op


def op_chlo_square(p):
    def op(x):
        k = x[0]
        if k == 'nan':
            return x
        if k == 'zero':
            return ('zero', False)
        if k == 'inf':
            return ('inf', False)
        return ('exact', False, x[2] * x[2], 1, 2 * x[3])
    return op


def op_chlo_conj(p):
    return lambda x: fexact(x) if x[0] == 'fin' else x  # a real operand is its own conjugate


def next_after_value(fmt, x, y):
    """C nextafter on values: the representable neighbour of x towards y, found from the value of x
    and the spacing of the format at it (not from the encoding)."""
    kx, ky = x[0], y[0]
    if kx == 'nan' or ky == 'nan':
        return ('nan',)
    vx = fmt_value(x)
    vy = fmt_value(y)
    if vx == vy:  # C: y (next_after(-0, +0) = +0)
        return fexact(y) if ky == 'fin' else y
    up = vy > vx
    if kx == 'zero':  # the smallest subnormal, of the direction's sign
        return ('exact', not up, 1, 1, fmt.emin - fmt.mbits)
    if kx == 'inf':  # towards a finite y: the largest finite value of x's sign
        b = fmt.enc_largest(x[1])
        d = fmt.decode(b)
        return ('exact', d[1], d[2], 1, d[3])
    away = up != x[1]  # magnitude grows
    e = mag2(x)
    q = max(e, fmt.emin) - fmt.mbits  # spacing 2^q at |x| (towards zero from a power of two: half)
    if not away and x[2] == 1 and e > fmt.emin:
        q -= 1
    from fractions import Fraction
    mag = Fraction(x[2]) * Fraction(2) ** x[3] + (Fraction(2) ** q if away else -Fraction(2) ** q)
    if mag == 0:
        return ('zero', x[1])
    return ('exact', x[1], mag.numerator, mag.denominator, 0)


def fmt_value(d):
    from fractions import Fraction
    if d[0] == 'zero':
        return Fraction(0)
    if d[0] == 'inf':
        return math.inf if not d[1] else -math.inf
    v = Fraction(d[2]) * Fraction(2) ** d[3]
    return -v if d[1] else v


# Hurwitz zeta and polygamma. chlo.md defines zeta(x, q) = sum_{n >= 0} (q + n)^-x; the special values
# follow from the series (docs/design/chlo.md lists them).
ZETA_NEG_Q_LIMIT = 1 << 20    # the reference refuses q (polygamma: x) below -2^20 (unsupported)
ZETA_NEG_X_LIMIT = 1 << 16    # and q < 0 with x above 2^16
POLYGAMMA_N_LIMIT = 1 << 16   # and polygamma orders above 2^16
# Left out as too slow in the reference, not wrong: q < 0 (polygamma: x < 0) with x (n + 1) above 2^12.
# The terms of negative and positive bases then cancel to far below the largest (exactly, pairwise, for
# a half-integer q and odd x: polygamma(53792, -222.5) in f16 ran for minutes), and the reference's Ziv
# loop doubles its precision until it has the s log2(max base / min base) bits that needs.
SLOW_NEG_EXPONENT = 1 << 12
# The reference refuses (unsupported) what cancels deeper still: a non-integer negative base with an odd
# integer exponent s where s log2(2|base| + 2) exceeds this many bits (docs/design/chlo.md).
NEG_BASE_CANCELLATION_BITS = 4096


def cancels_too_deeply(s, base):
    """Whether zeta(s, base) (polygamma(s - 1, base)) is one the reference refuses for its cancellation."""
    if s is None or base is None or math.isinf(float(s)) or math.isinf(float(base)) or base >= 0:
        return False
    if s != int(s) or int(s) % 2 == 0 or base == int(base):
        return False
    return float(s) * math.log2(2 * abs(float(base)) + 2) > NEG_BASE_CANCELLATION_BITS


def hurwitz_positive(s, a):
    """zeta(s, a) for real s > 1, a > 0, written here: mpmath's zeta(s, a) was found wrong for large a
    (zeta(52.552213016780278565, 105608.55035681238223) = 2.0186150690037589412e-261, mpmath gave
    2.01861506900375911307e-261 at 200 bits and only got it right at 1000). The direct sum when its tail
    (at most one term plus the integral, (a + n)^(1-s)/(s - 1)) falls below 2^-prec of the sum within 256
    terms, else the Euler-Maclaurin formula from A = a + N with A >= (s + 2 prec)/pi, adding the
    corrections B_2j/(2j)! (s)_(2j-1) A^(-s-2j+1) until they fall below 2^-(prec + 8) of the sum."""
    eps = mpmath.ldexp(1, -mp.prec - 8)
    total = mpf(0)
    for n in range(256):
        base = a + n
        term = base ** (-s)
        total += term
        if base ** (1 - s) / (s - 1) + term <= eps * total:
            return total
    need = (s + 2 * mp.prec) / mp.pi  # the corrections shrink by about ((s + 2j) / (2 pi A))^2 per step
    N = max(0, int(mp.ceil(need - a))) + 4
    A = a + N
    total = mp.fsum(((a + n) ** (-s) for n in range(N)))
    total += A ** (1 - s) / (s - 1) + A ** (-s) / 2
    poch = s  # (s)_(2j-1)
    power = A ** (-s - 1)  # A^(-s-2j+1)
    for j in range(1, 4 * mp.prec):
        corr = mp.bernoulli(2 * j) / mp.factorial(2 * j) * poch * power
        total += corr
        if abs(corr) <= eps * abs(total):
            return total
        poch *= (s + 2 * j - 1) * (s + 2 * j)
        power /= A * A
    raise Unresolved('Euler-Maclaurin did not converge for zeta(%s, %s)' % (s, a))


def hurwitz_mp(s, a):
    """zeta(s, a) for real s > 1, a not a non-positive integer (s an integer when a < 0): the terms with a
    negative base summed directly, then hurwitz_positive from the first base >= 1."""
    if a > 0:
        return hurwitz_positive(s, a)
    # Up to the first base >= 1, so that the rest is below 2 in magnitude; terms of opposite signs
    # (odd s) can cancel to far below the largest one: the sum is redone with as many more bits as
    # were lost (the exponent of the largest term over that of the sum).
    m = int(mp.ceil(1 - a))
    extra = 0
    for _ in range(8):
        with mp.workprec(mp.prec + extra):
            terms = [(a + n) ** (-s) for n in range(m)] + [hurwitz_positive(s, a + m)]
            total = mp.fsum(terms)
            top = max(mp.mag(t) for t in terms)
        lost = top - mp.mag(total) if total != 0 else mp.prec
        if lost <= extra:
            return +total
        extra = lost + 16
    return +total


def log2_factorial(n):
    with mp.workprec(64):
        return mp.loggamma(n + 1) / mp.ln2


def zeta_far(s, a, log2_factor=0):
    """Settles 2^log2_factor zeta(s, a) for a > 0 (polygamma: the factor n!) when it is far outside
    every format: 'tiny', 'huge' or None. a^-s <= zeta <= a^-s + a^(1-s)/(s - 1) (the first term; the
    first term plus the integral of the rest). The 64-bit logarithms are off by far less than the
    margins (1200 and 1100 against the formats' 2^-1075 and 2^1024)."""
    with mp.workprec(64):
        la = mp.log(a, 2)
        b1 = -s * la
        b2 = (1 - s) * la - mp.log(s - 1, 2)
        if log2_factor + max(b1, b2) + 1 < -1200:
            return 'tiny'
        if log2_factor + b1 > 1100:
            return 'huge'
    return None


def op_chlo_zeta(p):
    def op(x, q):
        if x[0] == 'nan' or q[0] == 'nan':
            return ('nan',)
        if x[0] == 'zero' or x[1]:
            return ('nan',)  # x < 1 diverges
        if x[0] == 'fin' and x[2] == 1 and x[3] == 0:
            return ('inf', False)  # x = 1: the harmonic series
        if x[0] == 'fin' and mag2(x) < 0:
            return ('nan',)  # 0 < x < 1
        x_int = x[0] == 'fin' and x[3] >= 0
        if q[0] == 'inf':
            return ('nan',) if q[1] else ('zero', False)
        if is_nonpos_int(q):
            return ('inf', False) if x_int else ('nan',)  # a term 0^-x
        if q[1] and not x_int:
            return ('nan',)  # a negative base to a non-integer power
        if x[0] == 'inf':
            if q[1]:
                return ('nan',)
            if q[2] == 1 and q[3] == 0:
                return ONE()
            return ('inf', False) if mag2(q) < 0 else ('zero', False)
        s, a = xval(x), xval(q)
        if a > 0:
            far = zeta_far(s, a)
            if far == 'tiny':
                return TINY()
            if far == 'huge':
                return HUGE()
        return chlo_approx(p, lambda: hurwitz_mp(s, a))
    return op


def op_chlo_polygamma(p):
    digamma = op_chlo_digamma(p)

    def op(n, x):
        if n[0] in ('nan', 'inf') or x[0] == 'nan':
            return ('nan',)
        if n[0] == 'fin' and (n[1] or n[3] < 0):
            return ('nan',)  # n negative or not an integer
        if n[0] == 'zero':
            return digamma(x)
        order = n[2] << n[3]
        odd = order & 1
        if is_nonpos_int(x):  # a pole: both one-sided limits +inf for odd n, opposite for even n
            return ('inf', False) if odd else ('nan',)
        if x[0] == 'inf':
            return ('nan',) if x[1] else ('zero', not odd)
        v = xval(x)
        sgn = 1 if odd else -1  # (-1)^(n+1)
        if v > 0:
            far = zeta_far(mpf(order + 1), v, log2_factor=log2_factorial(order))
            if far == 'tiny':
                return TINY(not odd)
            if far == 'huge':
                return HUGE(not odd)
        return chlo_approx(p, lambda: sgn * mp.factorial(order) * hurwitz_mp(mpf(order + 1), v))
    return op


def op_chlo_next_after(fmt):
    return lambda x, y: next_after_value(fmt, x, y)


def is_one(x):
    return x[0] == 'fin' and not x[1] and x[2] == 1 and x[3] == 0


def in_unit(v):
    return -1 <= v <= 1


CHLO_UNARY = {
    'chlo.acos': chlo_unary(mp.acos, lambda x: None, NAN, in_unit, exact_at=lambda x: ('zero', False) if is_one(x) else None),
    'chlo.acosh': chlo_unary(mp.acosh, NAN, lambda x: ('nan',) if x[1] else ('inf', False), lambda v: v >= 1,
                             exact_at=lambda x: ('zero', False) if is_one(x) else None),
    'chlo.asin': chlo_unary(mp.asin, SAME, NAN, in_unit, odd=True, tiny_is_x=True),
    'chlo.asinh': chlo_unary(mp.asinh, SAME, SIGNED_INF, odd=True, tiny_is_x=True),
    'chlo.atan': chlo_unary(mp.atan, SAME, lambda x: None, odd=True, tiny_is_x=True),
    'chlo.atanh': chlo_unary(mp.atanh, SAME, NAN, in_unit, odd=True, tiny_is_x=True,
                             exact_at=lambda x: ('inf', x[1]) if x[2] == 1 and x[3] == 0 else None),
    'chlo.cosh': chlo_unary(mp.cosh, lambda x: ONE(), PLUS_INF, far=far_cosh),
    'chlo.sinh': chlo_unary(mp.sinh, SAME, SIGNED_INF, odd=True, tiny_is_x=True, far=far_huge),
    'chlo.tan': chlo_unary(mp.tan, SAME, NAN, odd=True, tiny_is_x=True),
    'chlo.erf': chlo_unary(mp.erf, SAME, lambda x: ONE(x[1]), odd=True, far=erf_far),
    'chlo.erfc': chlo_unary(mp.erfc, lambda x: ONE(), lambda x: ('exact', False, 1, 1, 1) if x[1] else ('zero', False),
                            far=erfc_far),
    'chlo.erf_inv': op_chlo_erf_inv,
    'chlo.lgamma': op_chlo_lgamma,
    'chlo.digamma': op_chlo_digamma,
    'chlo.bessel_i1e': op_chlo_bessel_i1e,
    'chlo.square': op_chlo_square,
    'chlo.conj': op_chlo_conj,
}
CHLO_BINARY = {
    'chlo.next_after': None,  # needs the format: op_chlo_next_after
    'chlo.zeta': op_chlo_zeta,
    'chlo.polygamma': op_chlo_polygamma,
}


def op_function(op, fmt):
    """The exact-result function of op on format fmt."""
    if op in UNARY:
        return UNARY[op]
    if op in BINARY:
        return BINARY[op]
    if op == 'chlo.next_after':
        return op_chlo_next_after(fmt)
    return (CHLO_UNARY.get(op) or CHLO_BINARY[op])(fmt.p)


def is_binary(op):
    return op in BINARY or op in CHLO_BINARY


STATS = {'ziv_retries': 0, 'ziv_inconsistent': 0}


def ziv_round(fmt, f, P=P0):
    while P <= PMAX:
        r1 = interval_round(fmt, f(P), P)
        if r1 is not None:
            r2 = interval_round(fmt, f(P + 64), P + 64)
            if r2 is not None:
                if r1 == r2:
                    return r1
                STATS['ziv_inconsistent'] += 1
        STATS['ziv_retries'] += 1
        P *= 2
    raise Unresolved('rounding not resolved at %d bits' % PMAX)


def interval_round(fmt, y, P):
    if not isinstance(y, mpf):
        raise Unresolved('approximation is not real: %r' % (y,))
    s, man, ex, bc = y._mpf_
    if man == 0:
        raise Unresolved('approximation returned zero/inf/nan: %r' % (y,))
    lo = fmt.round_exact(bool(s), (man << P) - man, 1, ex - P)
    hi = fmt.round_exact(bool(s), (man << P) + man, 1, ex - P)
    return lo if lo == hi else None


def expected(fmt, res):
    """('nan', None) or ('bits', b)."""
    k = res[0]
    if k == 'nan':
        return ('nan', None) if fmt.has_nan() else ('bits', fmt.enc_nan())
    if k == 'inf':
        b = fmt.enc_inf(res[1])
    elif k == 'zero':
        b = fmt.enc_zero(res[1])
    elif k == 'exact':
        b = fmt.round_exact(res[1], res[2], res[3], res[4])
    else:
        b = ziv_round(fmt, res[1], res[3] if len(res) > 3 else P0)
    if fmt.is_nan(b):
        return ('nan', None)
    return ('bits', b)


def exact_text(res):
    k = res[0]
    if k == 'nan':
        return 'NaN'
    if k == 'inf':
        return '-inf' if res[1] else '+inf'
    if k == 'zero':
        return '-0' if res[1] else '+0'
    with mp.workprec(400):
        if k == 'exact':
            v = mpf(res[2]) / res[3]
            v = mpmath.ldexp(v, res[4])
            v = -v if res[1] else v
            return mpmath.nstr(v, 30) + ' (exact rational)'
        return mpmath.nstr(res[1](1000), 30)


# --------------------------------------------------------------------------------------------------
# Inputs.
# --------------------------------------------------------------------------------------------------


def general_specials(fmt):
    out = []
    for neg in (False, True):
        s = fmt.sign if neg else 0
        out += [fmt.enc_zero(neg), fmt.enc_inf(neg), s | 1, s | fmt.mmask,  # zero, inf, min/max subnormal
                s | (1 << fmt.mbits), fmt.enc_largest(neg)]
        for v in (1, 2, 0.5, 3, 1.5, 10, 100, 0.1, 1e-3, math.pi, math.e):
            out.append(fmt.from_float(-v if neg else v))
    if fmt.has_nan():
        out.append(fmt.enc_nan())
        if fmt.kind == 'ieee':
            out += [fmt.enc_nan() | fmt.sign, (fmt.emask << fmt.mbits) | 1]  # -NaN, signalling NaN
            out.append(fmt.sign | (fmt.emask << fmt.mbits) | fmt.mmask)
    one = fmt.from_float(1.0)
    out += fmt.neighbours(one, 2) + fmt.neighbours(one | fmt.sign, 2)
    return out


def with_neighbours(fmt, values):
    """The encodings of `values` rounded to fmt, each with its finite neighbours up to 2 steps away."""
    bits = []
    for v in values:
        b = fmt.from_mpf(mpf(v))
        if fmt.decode(b)[0] in ('fin', 'zero'):
            bits += fmt.neighbours(b, 2)
    return bits


def op_targets(op, fmt):
    """Interesting real inputs per op (each is rounded and taken with a few neighbours)."""
    t = []
    with mp.workprec(200):
        largest = fmt.value_mpf(fmt.enc_largest(False))
        min_sub = mpmath.ldexp(1, fmt.emin - fmt.mbits)
        min_norm = mpmath.ldexp(1, fmt.emin)
        ln2 = mp.ln2
        p = fmt.p
        tiny = [mpmath.ldexp(1, -k) for k in list(range(1, p + 4)) + [p // 2, p + 8, 2 * p, 3 * p]]
        tiny += [min_norm, min_sub * 3]
        if op in ('exponential', 'exponential_minus_one', 'logistic'):
            for v in (mp.log(largest), mp.log(largest * (1 + mpmath.ldexp(1, -p - 1))), mp.log(min_sub),
                      mp.log(min_sub / 2), mp.log(min_norm), (p + 1) * ln2, (p + 2) * ln2, ln2):
                t += [v, -v]
            t += tiny + [-v for v in tiny]
        elif op == 'log':
            t += [mp.e, 1 / mp.e, largest, min_sub, min_norm] + [mpmath.ldexp(1, k) for k in range(-8, 9)]
        elif op == 'log_plus_one':
            t += [mpf(-1), mpf(-0.5), mp.e - 1, largest, mpf(-1) + mpmath.ldexp(1, -p)]
            t += tiny + [-v for v in tiny]
        elif op in ('sine', 'cosine', 'tan'):
            for k in list(range(1, 41)) + [2 ** j for j in range(6, 1100, 7)]:
                v = k * mp.pi / 2
                if op == 'tan':
                    t += [k * mp.pi / 4, -k * mp.pi / 4]
                if v < largest:
                    t += [v, -v]
            t += tiny + [-v for v in tiny]
        elif op == 'tanh':
            for v in [(p + 1) * ln2 / 2, (p + 2) * ln2 / 2, mpf(20), mpf(1) / 2] + tiny:
                t += [v, -v]
        elif op == 'cbrt':
            for k in list(range(1, 30)) + [mpf(1) / 2, mpf(3) / 2]:
                t += [mpf(k) ** 3, -mpf(k) ** 3]
            for j in range(-40, 41):
                t += [mpmath.ldexp(1, j), -mpmath.ldexp(3, j)]
        elif op in ('sqrt', 'rsqrt'):
            for k in list(range(1, 30)) + [mpf(1) / 2, mpf(3) / 2, mpf(5) / 4]:
                t += [mpf(k) ** 2]
            for j in range(-40, 41):
                t += [mpmath.ldexp(1, j), mpmath.ldexp(3, j)]
            t += [mpf(-1), mpf(-4)]
    return with_neighbours(fmt, t)


def dedupe(seq):
    seen = set()
    out = []
    for v in seq:
        if v not in seen:
            seen.add(v)
            out.append(v)
    return out


def random_value(rng, op, which=0):
    """A float in a range where op is interesting."""
    def logu(lo, hi, signed=True):
        v = 2.0 ** rng.uniform(lo, hi)
        return -v if signed and rng.random() < 0.5 else v
    if op in ('exponential', 'exponential_minus_one', 'logistic'):
        return rng.uniform(-760, 760) if rng.random() < 0.5 else rng.uniform(-100, 100) if rng.random() < 0.5 else logu(-60, 4)
    if op in ('log', 'sqrt', 'rsqrt'):
        return logu(-1070, 1023, False) if rng.random() < 0.5 else rng.uniform(0, 4)
    if op == 'log_plus_one':
        return rng.uniform(-1, 4) if rng.random() < 0.5 else logu(-60, 100)
    if op in ('sine', 'cosine', 'tan'):
        r = rng.random()
        return rng.uniform(-10, 10) if r < 0.4 else logu(-30, 30) if r < 0.8 else logu(30, 1023)
    if op == 'tanh':
        return rng.uniform(-25, 25) if rng.random() < 0.5 else logu(-60, 10)
    if op == 'cbrt':
        return logu(-1070, 1023) if rng.random() < 0.5 else rng.uniform(-30, 30)
    if op == 'atan2':
        return logu(-40, 40) if rng.random() < 0.7 else logu(-1070, 1023)
    if op == 'divide':
        return logu(-40, 40) if rng.random() < 0.7 else logu(-1070, 1023)
    if op == 'power':
        if which == 0:  # base
            return logu(-8, 8, rng.random() < 0.3)
        r = rng.random()
        if r < 0.3:
            return float(rng.randint(-60, 60))
        if r < 0.4:
            return rng.randint(-120, 120) / 8.0
        return rng.uniform(-40, 40)
    raise ValueError(op)


def gen_inputs(op, fmt, nrandom, seed, small_pairs, exhaustive16=False):
    if op.startswith('chlo.'):
        return chlo_gen_inputs(op, fmt, nrandom, seed, small_pairs is None, exhaustive16)
    rng = random.Random('%s/%s/%s' % (seed, op, fmt.name))
    binary = op in BINARY
    if fmt.bits <= 8:
        every = list(range(1 << fmt.bits))
        if not binary:
            return [every]
        if small_pairs is None or len(every) <= 64:  # f6, f4: always all pairs
            return [[a for a in every for _ in every], [b for _ in every for b in every]]
        sp = dedupe(general_specials(fmt))
        xs, ys = [], []
        for a in sp:  # every special against every value, both ways
            for b in every:
                xs += [a, b]
                ys += [b, a]
        for _ in range(small_pairs):
            xs.append(rng.choice(every))
            ys.append(rng.choice(every))
        return [xs, ys]
    sp = dedupe(general_specials(fmt) + op_targets(op, fmt))
    if exhaustive16 and fmt.bits == 16 and not binary:
        return [list(range(1 << 16))]
    nb = nrandom // 2
    nv = nrandom - nb
    if not binary:
        xs = sp + [rng.getrandbits(fmt.bits) for _ in range(nb)]
        xs += [fmt.from_float(random_value(rng, op)) for _ in range(nv)]
        return [xs]
    base = dedupe(general_specials(fmt))
    xs, ys = [], []
    for a in base:
        for b in base:
            xs.append(a)
            ys.append(b)
    if op == 'power':
        bases = base + [fmt.from_float(v) for v in (-1.0, 2.25, -2.25, 0.75, 1.25, -0.125, 1e-5, 65536.0)]
        exps = [fmt.from_float(v) for v in (0.5, -0.5, 1.5, -1.5, 0.25, 3, -3, 7, 2 ** (fmt.p - 1) + 1,
                                            2 ** fmt.p, 1e10, -1e10, 1.0 / 3)]
        # Rational results with short odd parts, some exactly halfway between two values of the
        # format (3^7 = 2187 in f16, 11^7 in f32, 3^34 in f64): the ties-to-even cases of power.
        bases += [fmt.from_float(v) for v in list(range(3, 64, 2)) + [-3.0, -5.0, -11.0, 1.5, 0.75, -0.375]]
        bases += [fmt.from_float(v) for v in (9.0, 25.0, 49.0, 2.25, 6.25, 81.0, 0.5625)]  # squares
        exps += [fmt.from_float(v) for v in list(range(-45, 46)) + [k / 4 for k in range(-24, 25) if k % 4]]
        for a in dedupe(bases):
            for b in dedupe(exps):
                xs.append(a)
                ys.append(b)
    for _ in range(nb):
        xs.append(rng.getrandbits(fmt.bits))
        ys.append(rng.getrandbits(fmt.bits))
    for _ in range(nv):
        xs.append(fmt.from_float(random_value(rng, op, 0)))
        ys.append(fmt.from_float(random_value(rng, op, 1)))
    return [xs, ys]


# --- Inputs of the chlo ops -------------------------------------------------------------------------


def chlo_supported(op, fmt, ins):
    """False for the elements the reference refuses as unsupported (docs/design/chlo.md), which make it
    reject the whole module: they are left out of the inputs."""
    def val(b):
        d = fmt.decode(b)
        return None if d[0] == 'nan' else fmt_value(d)
    if op == 'chlo.zeta':
        x, q = val(ins[0]), val(ins[1])
        if q is not None and q < -ZETA_NEG_Q_LIMIT:
            return False
        finite = lambda v: v is not None and v not in (math.inf, -math.inf)
        if cancels_too_deeply(x, q):
            return False
        return not (finite(q) and q < 0 and finite(x) and x > SLOW_NEG_EXPONENT)
    if op == 'chlo.polygamma':
        n, x = val(ins[0]), val(ins[1])
        if n is not None and n not in (math.inf, -math.inf) and n > POLYGAMMA_N_LIMIT:
            return False
        if x is not None and x < 0 and x != -math.inf and n is not None and n > SLOW_NEG_EXPONENT:
            return False
        if n is not None and n not in (math.inf, -math.inf) and n >= 1 and cancels_too_deeply(n + 1, x):
            return False
        return not (x is not None and x < -ZETA_NEG_Q_LIMIT)
    return True


def chlo_targets(op, fmt, which=0):
    """Hard inputs of a chlo op (operand `which` of a binary op), each taken with +-2-ulp neighbours."""
    t = []
    with mp.workprec(200):
        largest = fmt.value_mpf(fmt.enc_largest(False))
        p = fmt.p
        tiny = [mpmath.ldexp(1, -k) for k in (1, 2, p // 2, p, p + 2, 2 * p)]
        near1 = [1 - mpmath.ldexp(1, -k) for k in range(1, p + 2, max(1, p // 8))]
        poles = [mpf(-k) for k in list(range(1, 12)) + [2 ** j for j in range(4, 64, 6)] if mpf(k) < largest]
        if op in ('chlo.acos', 'chlo.asin', 'chlo.atanh', 'chlo.erf_inv'):
            t += near1 + [-v for v in near1] + tiny + [mpf(0.5), mpf(-0.5)]
        elif op == 'chlo.acosh':
            t += [1 + mpmath.ldexp(1, -k) for k in range(1, p + 2)] + [largest, mpf(2), mp.e]
        elif op in ('chlo.cosh', 'chlo.sinh'):
            for v in (mp.log(2 * largest), mp.log(largest), mpf(1), (p + 1) * mp.ln2 / 2):
                t += [v, -v]
            t += tiny
        elif op == 'chlo.tan':
            for k in list(range(1, 30)) + [2 ** j for j in range(6, 1100, 11)]:
                v = k * mp.pi / 4
                if v < largest:
                    t += [v, -v]
        elif op in ('chlo.erf', 'chlo.erfc'):
            for v in [mpf(k) / 2 for k in range(1, 20)] + [mpf(k) for k in (10, 15, 20, 26, 27, 28, 30, 31)]:
                t += [v, -v]
            t += tiny
        elif op in ('chlo.lgamma', 'chlo.digamma') or (op == 'chlo.polygamma' and which == 1):
            t += poles + [mpf(1), mpf(2), mpf(3), mpf(0.5), mpf(-0.5), mpf(-1.5)]
            # The zeros of lgamma (1, 2 and between the negative poles) and of digamma.
            zeros = [1.4616321449683623, -0.5040830082644554, -1.5734984731623904, -2.6107208684441446,
                     -2.4570247718364425, -2.7476826467274127, -3.1435808883499800, -3.9552942878698768]
            t += [mpf(z) for z in zeros]
            t += [mpf(-k) + mpf(1) / 2 for k in range(1, 40)]
        elif op == 'chlo.bessel_i1e':
            # Both sides of the reference's switch from the power series to the asymptotic expansion.
            t += [mpf(4096), mpf(4095.5), mpf(4096.5), mpf(4097), mpf(1000), mpf(100), mpf(1)] + tiny
        elif op == 'chlo.zeta':
            if which == 0:
                t += [1 + mpmath.ldexp(1, -k) for k in range(1, p + 2)] + [mpf(k) for k in (2, 3, 4, 64, 1024)]
            else:
                t += [mpf(1), mpf(2), mpf(0.5), mpf(-0.5), mpf(-2.5), mpf(1e-3), mpf(1e6)] + tiny
        elif op == 'chlo.polygamma' and which == 0:
            t += [mpf(k) for k in (0, 1, 2, 3, 4, 5, 10, 20, 50, 100)]
    return with_neighbours(fmt, t)


def chlo_random_value(rng, op, which=0):
    def logu(lo, hi, signed=True):
        v = 2.0 ** rng.uniform(lo, hi)
        return -v if signed and rng.random() < 0.5 else v
    r = rng.random()
    if op in ('chlo.acos', 'chlo.asin', 'chlo.atanh'):
        return rng.uniform(-1, 1) if r < 0.6 else logu(-60, 0)
    if op == 'chlo.erf_inv':
        return rng.uniform(-1, 1) if r < 0.4 else logu(-60, 0) if r < 0.6 else \
            (1 - 2.0 ** -rng.uniform(1, 60)) * rng.choice((1, -1))
    if op == 'chlo.acosh':
        return 1 + logu(-60, 4, False) if r < 0.6 else logu(0, 1023, False)
    if op in ('chlo.asinh', 'chlo.atan', 'chlo.sinh', 'chlo.cosh', 'chlo.tan'):
        return rng.uniform(-20, 20) if r < 0.4 else logu(-60, 30) if r < 0.8 else logu(30, 1023)
    if op in ('chlo.erf', 'chlo.erfc'):
        return rng.uniform(-7, 7) if r < 0.5 else logu(-60, 5) if r < 0.8 else rng.uniform(-30, 30)
    if op in ('chlo.lgamma', 'chlo.digamma'):
        if r < 0.3:
            return rng.uniform(-30, 30)
        if r < 0.5:  # next to a pole
            return -rng.randint(0, 40) + logu(-50, -1)
        return logu(-60, 1023, rng.random() < 0.3)
    if op == 'chlo.bessel_i1e':
        return rng.uniform(-50, 50) if r < 0.4 else logu(-60, 12) if r < 0.8 else logu(12, 1023, rng.random() < 0.5)
    if op == 'chlo.zeta':
        if which == 0:
            return 1 + 2.0 ** -rng.uniform(0, 50) if r < 0.3 else rng.uniform(1, 60) if r < 0.7 else logu(0, 12, False)
        return rng.uniform(-20, 20) if r < 0.4 else logu(-30, 30, rng.random() < 0.2)
    if op == 'chlo.polygamma':
        if which == 0:
            return float(rng.randint(0, 12)) if r < 0.8 else float(rng.randint(0, 200))
        return rng.uniform(-20, 20) if r < 0.5 else logu(-30, 30, rng.random() < 0.2)
    if op == 'chlo.next_after':
        return logu(-1070, 1023)
    return logu(-1070, 1023)  # square, conj


def chlo_gen_inputs(op, fmt, nrandom, seed, full, exhaustive16):
    """Inputs of a chlo op: unary ops every encoding of the <= 8-bit types (and of f16/bf16 with
    --exhaustive16), else specials, hard inputs and random values; binary ops the specials and hard
    inputs against each other (the sample: 300 pairs of them), then random pairs; with --full on the
    <= 8-bit types, next_after (cheap) and the f6/f4 types every pair, zeta and polygamma on the 8-bit
    types every special against every encoding both ways."""
    rng = random.Random('%s/%s/%s' % (seed, op, fmt.name))
    keep = lambda cols: [list(c) for c in zip(*[e for e in zip(*cols) if chlo_supported(op, fmt, e)])] \
        if cols[0] else cols
    if not is_binary(op):
        if fmt.bits <= 8 or (exhaustive16 and fmt.bits == 16):
            return keep([list(range(1 << fmt.bits))])
        sp = dedupe(general_specials(fmt) + chlo_targets(op, fmt))
        nb = nrandom // 2
        xs = sp + [rng.getrandbits(fmt.bits) for _ in range(nb)]
        xs += [fmt.from_float(chlo_random_value(rng, op)) for _ in range(nrandom - nb)]
        return keep([xs])
    every = list(range(1 << fmt.bits)) if fmt.bits <= 8 else None
    if every and full and (op == 'chlo.next_after' or len(every) <= 64):
        return keep([[a for a in every for _ in every], [b for _ in every for b in every]])
    sx = dedupe(general_specials(fmt) + chlo_targets(op, fmt, 0))
    sy = dedupe(general_specials(fmt) + chlo_targets(op, fmt, 1))
    cross = [(a, b) for a in sx for b in sy]
    if not full:  # the sample: a random part of the specials and hard inputs against each other
        cross = rng.sample(cross, min(len(cross), 300))
    xs = [a for a, _ in cross]
    ys = [b for _, b in cross]
    if every and full:
        for a in dedupe(general_specials(fmt)):
            for b in every:
                xs += [a, b]
                ys += [b, a]
    nb = nrandom // 2
    for _ in range(nb):
        xs.append(rng.getrandbits(fmt.bits))
        ys.append(rng.getrandbits(fmt.bits))
    for _ in range(nrandom - nb):
        xs.append(fmt.from_float(chlo_random_value(rng, op, 0)))
        ys.append(fmt.from_float(chlo_random_value(rng, op, 1)))
    return keep([xs, ys])


# --------------------------------------------------------------------------------------------------
# Complex operands (complex<f32>, complex<f64>) of the chlo elementwise ops: acos, acosh, asin, asinh,
# atan, atanh, cosh, sinh, tan, square, conj and _asin_acos_kernel. Each part of the exact complex value
# is rounded once to the part type; the ops return a pair (real result, imaginary result) of the result
# tuples above, plus two kinds for C99 Annex G's "sign unspecified": ('inf_any',) and ('zero_any',).
#
# Conventions (docs/design/chlo.md; C99 Annex G, G.6, where it is silent):
#  * Finite operands: the principal values with C99's branch cuts (acos/asin/atanh/acosh below 1 on the
#    real axis, asinh/atan on the imaginary axis outside [-i, i]); the cut's side is the sign of the
#    zero part (casin(x + 0i) = pi/2 + i acosh x for x > 1, casin(x - 0i) its conjugate).
#  * Non-finite operands: G.6's tables for cacos, cacosh, casinh, catanh, ccosh, csinh, ctanh (C99's
#    text: ctanh(x + i inf) and ctanh(x + i NaN) are NaN + i NaN for every finite x, zero included),
#    and casin(z) = -i casinh(iz), catan(z) = -i catanh(iz), ctan(z) = -i ctanh(iz) (G.6 defines them so).
#  * _asin_acos_kernel(z) = w = Re sqrt(1 - z^2) + i |Im asin z| (docs/design/chlo.md). Finite z:
#    Re w = sqrt(A^2 - x^2), Im w = acosh(A), A = (|z + 1| + |z - 1|)/2. Non-finite z: Re w is the real
#    part of C99's csqrt (G.6.4.2) of t = (1 - x^2 + y^2) - 2xy i formed with IEEE rules for the infinite
#    and NaN parts (inf - inf and 0 * inf are NaN), the reference's exact formation; Im w = |Im casin z|.
#  * square(z) = (x^2 - y^2) + 2xy i exactly (integers), each part rounded once; an exact zero real part
#    is +0 (IEEE's exact-zero sum x*x + (-(y*y))), an exact zero imaginary part has the sign of x*y.
#    Non-finite parts by IEEE rules on that formula: inf - inf and 0 * inf are NaN.
#  * conj(z) = x - yi exactly, NaN parts stay NaN.
#
# How the finite values are computed (relative error of each part <= 2^-P at P + GUARD bits, every
# step a correctly rounded mpmath operation; no step subtracts nearly equal values):
#  * asin/acos/asinh/acosh/kernel (Hull, Fairgrieve, Tang 1997): for x, y >= 0, r = |z + 1|,
#    s = |z - 1|, A = (r + s)/2 and, with r - (x + 1) = y^2/(r + x + 1) and s - |1 - x| = y^2/(s + |1 - x|),
#    A - 1 and A - x as sums of non-negative terms; Re w = sqrt((A - x)(A + x)),
#    acosh A = log1p((A - 1) + sqrt((A - 1)(A + 1))); Re asin = atan2(x, Re w), Re acos = atan2(Re w, x).
#  * atanh (x, y >= 0): Re = log1p(4x / ((1 - x)^2 + y^2)) / 4, Im = atan2(2y, 1 - x^2 - y^2) / 2, the
#    rational arguments formed exactly with Python fractions (no cancellation near |z| = 1).
#  * tanh(x + iy) = (sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y) (no cancelling denominator),
#    cosh = (cosh x cos y, sinh x sin y), sinh = (sinh x cos y, cosh x sin y).
#  * Both parts come from one evaluation (cached per precision); each part has its own Ziv loop.
# Exact parts, decided before any approximation: a zero part (the axes and cuts: asin(x + 0i) for
# |x| <= 1 has Im = +-0, acos(x +- 0i) for x >= 1 has Re +0, tan(+-0 + iy) Re +-0, cosh(+-0 + iy) Im
# +-0 with the sign of sinh(+-0) sin y, ...), atanh(+-1 +- 0i) = (+-inf, +-0), cosh(0) = 1, the rational
# Re w = sqrt((|t| + Re t)/2) of the kernel whenever it is rational (tested exactly: e.g. w(0.75i) = 1.25),
# square and conj. Every other part is irrational and non-zero (Lindemann-Weierstrass), so the Ziv loop
# ends. Far arguments: cosh/sinh with |x| >= 8192 overflow every format in each non-zero part (|cos y|,
# |sin y| of a nonzero float exceed 2^-1100 while e^8192 > 2^11000), with the signs of cos y and sin y;
# tanh with |x| >= 8192 has |Re| within 4e^-16384 of 1 (rounds to +-1) and |Im| <= 1/sinh^2(8192) (rounds
# to a zero with the sign of sin 2y).
# --------------------------------------------------------------------------------------------------


class CFmt:
    """complex<part>: element = real part then imaginary part, each in the part's encoding."""
    def __init__(self, part):
        self.name = 'complex<%s>' % part.name
        self.part = part
        self.nbytes = 2 * part.nbytes
        self.bits = 2 * part.bits


CFORMATS = {c.name: c for c in (CFmt(FORMATS['f32']), CFmt(FORMATS['f64']))}
TYPE_ALIASES = {'c64': 'complex<f32>', 'c128': 'complex<f64>', 'complex64': 'complex<f32>',
                'complex128': 'complex<f64>'}
ANY_INF = ('inf_any',)
ANY_ZERO = ('zero_any',)
CNAN = ('nan',)
PZERO = ('zero', False)
PINF = ('inf', False)
FAR_EXP = 13  # |x| >= 2^13 = 8192: the far rules above


def sb(d):
    """The sign bit of a decoded part (False for NaN)."""
    return d[0] != 'nan' and d[1]


def dabs(d):
    return d if d[0] == 'nan' else (d[0], False) + d[2:]


def dneg(d):
    return d if d[0] == 'nan' else (d[0], not d[1]) + d[2:]


def dres(d):
    """A decoded part as an exact result."""
    return fexact(d) if d[0] == 'fin' else d


def mp_neg(v):
    """-v exactly (mpmath rounds even a negation to the working precision)."""
    with mp.workprec(max(64, v._mpf_[3] + 8)):
        return -v


def mp_abs(v):
    return mp_neg(v) if v < 0 else v


def rneg(r):
    k = r[0]
    if k in ('inf', 'zero'):
        return (k, not r[1])
    if k == 'exact':
        return ('exact', not r[1]) + r[2:]
    if k == 'approx':
        f = r[1]
        return ('approx', lambda P: mp_neg(f(P))) + r[2:]
    return r


def rneg_if(c, r):
    return rneg(r) if c else r


def rabs(r):
    k = r[0]
    if k in ('inf', 'inf_any'):
        return PINF
    if k in ('zero', 'zero_any'):
        return PZERO
    if k == 'exact':
        return ('exact', False) + r[2:]
    if k == 'approx':
        f = r[1]
        return ('approx', lambda P: mp_abs(f(P))) + r[2:]
    return r


def cpi(p, m, d):
    return chlo_approx(p, lambda: m * mp.pi / d)


def cparts(p, fn):
    """Both parts from one evaluation fn() -> (re, im) at P + GUARD bits, cached per P."""
    cache = {}

    def get(P):
        if P not in cache:
            with mp.workprec(P + GUARD):
                cache[P] = fn()
        return cache[P]
    p0 = 2 * p + 64
    return ('approx', lambda P: get(P)[0], 'complex', p0), ('approx', lambda P: get(P)[1], 'complex', p0)


def frac(d):
    """Exact Fraction of a decoded finite or zero part."""
    from fractions import Fraction
    if d[0] == 'zero':
        return Fraction(0)
    v = Fraction(d[2]) * Fraction(2) ** d[3]
    return -v if d[1] else v


def mpq(q):
    """A Fraction as an mpf at the working precision (two roundings)."""
    return mpf(q.numerator) / q.denominator


def frac_sqrt(q):
    """The exact square root of a non-negative Fraction if it is rational, else None."""
    n, d = q.numerator, q.denominator
    rn, rd = math.isqrt(n), math.isqrt(d)
    if rn * rn == n and rd * rd == d:
        from fractions import Fraction
        return Fraction(rn, rd)
    return None


def rfrac(q):
    """A Fraction as an exact result."""
    if q == 0:
        return PZERO
    return ('exact', q < 0, abs(q.numerator), q.denominator, 0)


def mval(d):
    return mpf(0) if d[0] == 'zero' else abs(xval(d))


def trig_neg(fn, d):
    """Whether fn (mp.sin or mp.cos) of a nonzero decoded finite value is negative; the sign is taken at
    256 bits and must agree at 512 (|sin|, |cos| of a float exceed 2^-200)."""
    v = xval(d)
    with mp.workprec(256):
        a = fn(v)
    with mp.workprec(512):
        b = fn(v)
    if a == 0 or (a < 0) != (b < 0):
        raise Unresolved('sign of %s(%s) not settled' % (fn.__name__, v))
    return b < 0


def hull(x, y):
    """(Re w, acosh A) for x, y >= 0 (mpf), w = _asin_acos_kernel(x + iy) (Hull, Fairgrieve, Tang)."""
    r = mp.hypot(x + 1, y)
    s = mp.hypot(x - 1, y)
    A = (r + s) / 2
    y2 = y * y
    t1 = y2 / (r + x + 1) if y2 else mpf(0)  # r - (x + 1)
    if x <= 1:
        t2 = y2 / (s + (1 - x)) if y2 else mpf(0)  # s - (1 - x)
        am1 = (t1 + t2) / 2
        amx = (t1 + s + (1 - x)) / 2
    else:
        am1 = (t1 + s + (x - 1)) / 2
        amx = (t1 + y2 / (s + (x - 1))) / 2
    return mp.sqrt(amx * (A + x)), mp.log1p(am1 + mp.sqrt(am1 * (A + 1)))


def fin(d):
    return d[0] in ('fin', 'zero')


def le1(d):
    """|value| <= 1 for a finite or zero decoded part."""
    return d[0] == 'zero' or mag2(d) < 0 or (d[2] == 1 and d[3] == 0)


def is_unit(d):
    return d[0] == 'fin' and d[2] == 1 and d[3] == 0


def c_asinh(p, x, y):
    """casinh: odd and conjugate-symmetric, so computed on (|x|, |y|) with the signs put back."""
    a, b = dabs(x), dabs(y)
    ka, kb = a[0], b[0]
    if not (fin(a) and fin(b)):  # G.6.2.2, first quadrant
        if kb == 'inf':
            R, I = (ANY_INF, CNAN) if ka == 'nan' else (PINF, cpi(p, 1, 4) if ka == 'inf' else cpi(p, 1, 2))
        elif kb == 'nan':
            R, I = (PINF, CNAN) if ka == 'inf' else (CNAN, CNAN)
        elif ka == 'inf':
            R, I = PINF, PZERO
        else:  # NaN + iy
            R, I = (CNAN, PZERO) if kb == 'zero' else (CNAN, CNAN)
    else:
        X, Y = mval(b), mval(a)  # asinh(a + ib) = (acosh A(b + ia), atan2(b, Re w(b + ia)))
        R, I = cparts(p, lambda: (lambda w: (w[1], mp.atan2(X, w[0])))(hull(X, Y)))
        if ka == 'zero' and le1(b):
            R = PZERO
        if kb == 'zero':
            I = PZERO
    return rneg_if(sb(x), R), rneg_if(sb(y), I)


def c_asin(p, x, y):
    u, v = c_asinh(p, dneg(y), x)  # casin(z) = -i casinh(iz), iz = -y + ix
    return v, rneg(u)


def c_acos(p, x, y):
    """cacos: conjugate-symmetric, computed for |y| with the imaginary sign put back."""
    b = dabs(y)
    kx, kb = x[0], b[0]
    if not (fin(x) and fin(b)):  # G.6.1.1
        if kx == 'inf':
            if kb == 'nan':
                R, I = CNAN, ANY_INF
            elif kb == 'inf':
                R, I = cpi(p, 3, 4) if x[1] else cpi(p, 1, 4), ('inf', True)
            else:
                R, I = cpi(p, 1, 1) if x[1] else PZERO, ('inf', True)
        elif kx == 'nan':
            R, I = (CNAN, ('inf', True)) if kb == 'inf' else (CNAN, CNAN)
        elif kb == 'inf':
            R, I = cpi(p, 1, 2), ('inf', True)
        else:  # finite x + iNaN
            R, I = (cpi(p, 1, 2), CNAN) if kx == 'zero' else (CNAN, CNAN)
    else:
        X, Y, xs = mval(x), mval(b), (xval(x) if kx == 'fin' else mpf(0))
        R, I = cparts(p, lambda: (lambda w: (mp.atan2(w[0], xs), -w[1]))(hull(X, Y)))
        if kb == 'zero':
            if kx == 'fin' and not x[1] and not mag2(x) < 0:  # real x >= 1
                R = PZERO
            if le1(x):
                I = ('zero', True)
    return R, rneg_if(sb(y), I)


def c_acosh(p, x, y):
    """cacosh: conjugate-symmetric; acosh z = (acosh A, sign(y) atan2(Re w, x))."""
    b = dabs(y)
    kx, kb = x[0], b[0]
    if not (fin(x) and fin(b)):  # G.6.2.1
        if kx == 'inf':
            if kb == 'nan':
                R, I = PINF, CNAN
            elif kb == 'inf':
                R, I = PINF, cpi(p, 3, 4) if x[1] else cpi(p, 1, 4)
            else:
                R, I = PINF, cpi(p, 1, 1) if x[1] else PZERO
        elif kx == 'nan':
            R, I = (PINF, CNAN) if kb == 'inf' else (CNAN, CNAN)
        elif kb == 'inf':
            R, I = PINF, cpi(p, 1, 2)
        else:
            R, I = CNAN, CNAN
    else:
        X, Y, xs = mval(x), mval(b), (xval(x) if kx == 'fin' else mpf(0))
        R, I = cparts(p, lambda: (lambda w: (w[1], mp.atan2(w[0], xs)))(hull(X, Y)))
        if kb == 'zero':
            if le1(x):
                R = PZERO
            if kx == 'fin' and not x[1] and not mag2(x) < 0:
                I = PZERO
    return R, rneg_if(sb(y), I)


def c_atanh(p, x, y):
    """catanh: odd and conjugate-symmetric, computed on (|x|, |y|)."""
    a, b = dabs(x), dabs(y)
    ka, kb = a[0], b[0]
    if not (fin(a) and fin(b)):  # G.6.2.3, first quadrant
        if kb == 'inf':
            R, I = (ANY_ZERO if ka == 'nan' else PZERO), cpi(p, 1, 2)
        elif kb == 'nan':
            R, I = (PZERO, CNAN) if ka in ('zero', 'inf') else (CNAN, CNAN)
        elif ka == 'inf':
            R, I = PZERO, cpi(p, 1, 2)
        else:
            R, I = CNAN, CNAN
    else:
        A, B = frac(a), frac(b)
        den = (1 - A) ** 2 + B * B
        d = 1 - A * A - B * B
        if den == 0:  # z = 1
            R, I = PINF, PZERO
        else:
            q = 4 * A / den
            R, I = cparts(p, lambda: (mp.log1p(mpq(q)) / 4, mp.atan2(2 * mpq(B), mpq(d)) / 2))
            if ka == 'zero':
                R = PZERO
            if kb == 'zero' and d >= 0:
                I = PZERO
    return rneg_if(sb(x), R), rneg_if(sb(y), I)


def c_atan(p, x, y):
    u, v = c_atanh(p, dneg(y), x)  # catan(z) = -i catanh(iz)
    return v, rneg(u)


def c_tanh(p, x, y):
    """ctanh: odd and conjugate-symmetric, computed on (|x|, |y|)."""
    a, b = dabs(x), dabs(y)
    ka, kb = a[0], b[0]
    if not (fin(a) and fin(b)):  # G.6.2.6 (C99), first quadrant
        if ka == 'inf':
            if kb in ('inf', 'nan'):
                R, I = ONE(), ANY_ZERO
            else:  # 1 + i 0 sin(2y)
                R, I = ONE(), ('zero', kb == 'fin' and trig_neg(mp.sin, (b[0], False, b[2], b[3] + 1)))
        elif ka == 'nan':
            R, I = (CNAN, PZERO) if kb == 'zero' else (CNAN, CNAN)
        else:
            R, I = CNAN, CNAN
    elif ka == 'fin' and mag2(a) >= FAR_EXP:
        R = ONE()
        I = PZERO if kb == 'zero' else ('exact', trig_neg(mp.sin, (b[0], False, b[2], b[3] + 1)), 1, 1, -100000)
    else:
        X, Y = mval(a), mval(b)

        def fn():
            sh, ch, s, c = mp.sinh(X), mp.cosh(X), mp.sin(Y), mp.cos(Y)
            den = sh * sh + c * c
            return sh * ch / den, s * c / den
        R, I = cparts(p, fn)
        if ka == 'zero':
            R = PZERO
        if kb == 'zero':
            I = PZERO
    return rneg_if(sb(x), R), rneg_if(sb(y), I)


def c_tan(p, x, y):
    u, v = c_tanh(p, dneg(y), x)  # ctan(z) = -i ctanh(iz)
    return v, rneg(u)


def c_coshsinh(p, x, y, is_sinh):
    """ccosh (even) and csinh (odd), both conjugate-symmetric, computed on (|x|, |y|)."""
    a, b = dabs(x), dabs(y)
    ka, kb = a[0], b[0]
    if not (fin(a) and fin(b)):  # G.6.2.4 / G.6.2.5, first quadrant
        if ka == 'inf':
            if kb == 'zero':
                R, I = PINF, PZERO
            elif kb == 'fin':  # +inf cis(y)
                R, I = ('inf', trig_neg(mp.cos, b)), ('inf', trig_neg(mp.sin, b))
            elif kb == 'inf' or is_sinh:
                R, I = ANY_INF, CNAN
            else:
                R, I = PINF, CNAN
        elif ka == 'nan':
            if kb == 'zero':
                R, I = CNAN, (PZERO if is_sinh else ANY_ZERO)
            else:
                R, I = CNAN, CNAN
        elif ka == 'zero':  # +0 + i inf, +0 + i NaN
            R, I = (ANY_ZERO, CNAN) if is_sinh else (CNAN, ANY_ZERO)
        else:
            R, I = CNAN, CNAN
    elif ka == 'fin' and mag2(a) >= FAR_EXP:
        R = ('exact', kb == 'fin' and trig_neg(mp.cos, b), 1, 1, 100000)
        I = PZERO if kb == 'zero' else ('exact', trig_neg(mp.sin, b), 1, 1, 100000)
    else:
        X, Y = mval(a), mval(b)
        if is_sinh:
            R, I = cparts(p, lambda: (mp.sinh(X) * mp.cos(Y), mp.cosh(X) * mp.sin(Y)))
            if ka == 'zero':
                R = ('zero', kb == 'fin' and trig_neg(mp.cos, b))
            if kb == 'zero':
                I = PZERO
        else:
            R, I = cparts(p, lambda: (mp.cosh(X) * mp.cos(Y), mp.sinh(X) * mp.sin(Y)))
            if ka == 'zero':
                I = ('zero', kb == 'fin' and trig_neg(mp.sin, b))
                if kb == 'zero':
                    R = ONE()
            if kb == 'zero':
                I = PZERO
    if is_sinh:
        return rneg_if(sb(x), R), rneg_if(sb(y), I)
    return R, rneg_if(sb(x) != sb(y), I)


def c_kernel(p, x, y):
    """_asin_acos_kernel: (Re sqrt(1 - z^2), |Im asin z|)."""
    if not (fin(x) and fin(y)):
        kx, ky = x[0], y[0]
        nan = 'nan' in (kx, ky)
        t_re = 'nan' if nan or (kx == 'inf' and ky == 'inf') else '-inf' if kx == 'inf' else '+inf'
        t_im_nan = nan or (kx == 'inf' and ky == 'zero') or (kx == 'zero' and ky == 'inf')
        # csqrt(t): +inf + i inf when Im t is infinite; +inf + i NaN for +inf + i NaN; NaN otherwise.
        R = PINF if (not t_im_nan or t_re == '+inf') else CNAN
        return R, rabs(c_asin(p, x, y)[1])
    a, b = dabs(x), dabs(y)
    A, B = frac(a), frac(b)
    t_re, t_im = 1 - A * A + B * B, -2 * A * B
    m = frac_sqrt(t_re * t_re + t_im * t_im)
    w = frac_sqrt((m + t_re) / 2) if m is not None else None
    X, Y = mval(a), mval(b)
    R, I = cparts(p, lambda: hull(X, Y))
    if w is not None:
        R = rfrac(w)
    if b[0] == 'zero' and le1(a):
        I = PZERO
    return R, I


def c_square(p, x, y):
    kx, ky = x[0], y[0]
    if fin(x) and fin(y):
        X, Y = frac(x), frac(y)
        re, im = X * X - Y * Y, 2 * X * Y
        return rfrac(re), (('zero', sb(x) != sb(y)) if im == 0 else rfrac(im))
    if 'nan' in (kx, ky):
        return CNAN, CNAN
    if kx == 'inf' and ky == 'inf':
        R = CNAN
    else:
        R = PINF if kx == 'inf' else ('inf', True)
    I = CNAN if 'zero' in (kx, ky) else ('inf', sb(x) != sb(y))
    return R, I


def c_conj(p, x, y):
    return dres(x), dres(dneg(y))


COMPLEX_OPS = {
    'chlo.acos': c_acos,
    'chlo.acosh': c_acosh,
    'chlo.asin': c_asin,
    'chlo.asinh': c_asinh,
    'chlo.atan': c_atan,
    'chlo.atanh': c_atanh,
    'chlo.cosh': lambda p, x, y: c_coshsinh(p, x, y, False),
    'chlo.sinh': lambda p, x, y: c_coshsinh(p, x, y, True),
    'chlo.tan': c_tan,
    'chlo.square': c_square,
    'chlo.conj': c_conj,
    'chlo._asin_acos_kernel': c_kernel,
}
COMPLEX_ONLY = {'chlo._asin_acos_kernel'}


def supports(op, tname):
    if tname in CFORMATS:
        return op in COMPLEX_OPS
    return op not in COMPLEX_ONLY


def c_expected(fmt, res):
    """('nan', None), ('any_inf', None), ('any_zero', None) or ('bits', b) for one part."""
    if res[0] == 'inf_any':
        return ('any_inf', None)
    if res[0] == 'zero_any':
        return ('any_zero', None)
    return expected(fmt, res)


def c_matches(fmt, kind, want, got):
    if kind == 'nan':
        return fmt.is_nan(got)
    if kind == 'any_inf':
        return fmt.decode(got)[0] == 'inf'
    if kind == 'any_zero':
        return fmt.decode(got)[0] == 'zero'
    return got == want


def c_show_want(fmt, kind, want):
    return {'nan': 'NaN', 'any_inf': '+-inf', 'any_zero': '+-0'}.get(kind) or fmt.show(want)


# --- Inputs of the complex ops ----------------------------------------------------------------------


def c_part_specials(F, full):
    """Special values of one part: +-0, +-inf, NaN, +-1, +-0.5, +-2, the smallest subnormal and normal,
    the largest finite (--full adds the largest subnormal, 1 +- 1 ulp, 3, pi/2, 1e-3 and 1e10)."""
    out = [F.enc_nan()]
    vals = [1.0, 0.5, 2.0] + ([3.0, math.pi / 2, 1e-3, 1e10] if full else [])
    for neg in (False, True):
        s = F.sign if neg else 0
        out += [F.enc_zero(neg), F.enc_inf(neg), s | 1, s | (1 << F.mbits), F.enc_largest(neg)]
        out += [F.from_float(-v if neg else v) for v in vals]
        if full:
            one = F.from_float(-1.0 if neg else 1.0)
            out += [s | F.mmask, one + 1, one - 1]
    return dedupe(out)


def c_hard(op, F, rng):
    """Hard inputs (pairs of part encodings): next to the branch points +-1 and +-i, on and beside the
    cuts with both zeros, near |z| = 1, rational kernel values, tiny against huge parts; for cosh, sinh and
    tan the overflow thresholds and multiples of pi/2; for square the cancelling and tie cases."""
    p = F.p
    enc = lambda v: F.from_mpf(mpf(v))
    sgn = lambda bs: dedupe(bs + [b ^ F.sign for b in bs])
    pairs = []
    with mp.workprec(200):
        largest = F.value_mpf(F.enc_largest(False))
        ones = sgn(F.neighbours(enc(1), 2))
        small = sgn([0, 1] + [enc(mpmath.ldexp(1, -k)) for k in (1, 3, p // 2, p - 1, p, p + 1, p + 3, 2 * p, 3 * p,
                                                                   -F.emin - 2, -F.emin + p // 2)])
        cut = sgn([enc(1 + mpmath.ldexp(1, -k)) for k in (1, 2, p // 2, p - 1)] +
                  [enc(v) for v in (2, 10, 2 ** 20, 2 ** 60, largest)] +
                  [enc(1 - mpmath.ldexp(1, -k)) for k in (1, p // 2, p)])
        cut_im = sgn([0, 1, enc(mpmath.ldexp(1, -p)), enc(mpmath.ldexp(1, -2 * p))])
        for a in ones:
            for b in small:
                pairs += [(a, b), (b, a)]
        for a in cut:
            for b in cut_im:
                pairs += [(a, b), (b, a)]
        step = lambda b, d: b + d if F.decode(b + d)[0] == 'fin' and F.decode(b)[0] == 'fin' else b
        for _ in range(60):  # near |z| = 1: cos t + i sin t rounded, and its neighbours
            t = mpf(rng.uniform(0, 2 * math.pi))
            c, s = enc(mp.cos(t)), enc(mp.sin(t))
            pairs += [(step(c, da), step(s, db)) for da in (-1, 0, 1) for db in (-1, 0, 1)]
        for k in range(1, p // 2 + 1):  # 1 + y^2 a square: w(+-0 + iy) = (2^k + 2^-k)/2 exactly
            y = enc((mpmath.ldexp(1, k) - mpmath.ldexp(1, -k)) / 2)
            for sx in (0, F.sign):
                for sy in (0, F.sign):
                    pairs += [(sx, step(y, d) | sy) for d in (-1, 0, 1)]
        for num, den in ((3, 4), (4, 3), (5, 12), (12, 5), (8, 15), (7, 24)):
            v = enc(mpf(num) / den)
            pairs += [(0, v), (F.sign, v | F.sign), (v, 0)]
        extremes = sgn([1, enc(mpmath.ldexp(1, F.emin // 2)), enc(mpmath.ldexp(1, -p))])
        bigs = sgn([F.enc_largest(False), enc(mpmath.ldexp(1, F.emax // 2)), enc(mpmath.ldexp(1, p))])
        for a in extremes:
            for b in bigs:
                pairs += [(a, b), (b, a)]
        if op in ('chlo.cosh', 'chlo.sinh', 'chlo.tan'):
            xs = [mp.log(largest), mp.log(2 * largest), mpf(8191.5), mpf(8192), (p + 1) * mp.ln2 / 2, mpf(20), mpf(1)]
            xs = sgn([b for v in xs for b in F.neighbours(enc(v), 1)])
            ys = [mp.pi / 2, mp.pi, 3 * mp.pi / 2, mpf(1), mpf(1e10), mpmath.ldexp(1, -p)]
            ys = sgn([0, 1, F.enc_largest(False), enc(mpf(6381956970095103) * mpf(2) ** 797)] +
                     [b for v in ys for b in F.neighbours(enc(v), 1)])
            for a in xs:
                for b in ys:
                    pairs += [(a, b), (b, a)]
        if op == 'chlo.square':
            h = (p + 3) // 2  # mantissas of h bits: squares of p + 1 .. p + 3 bits, ties possible
            for _ in range(300):
                ma, mb = rng.getrandbits(h) | 1 | (1 << (h - 1)), rng.getrandbits(h) | 1 | (1 << (h - 1))
                ea = rng.randint(-40, 40)
                eb = ea + rng.randint(-3, 3)
                va, vb = mpmath.ldexp(ma, ea), mpmath.ldexp(mb, eb)
                pairs.append((enc(va) | rng.choice((0, F.sign)), enc(vb) | rng.choice((0, F.sign))))
            for _ in range(50):  # x = +-y and neighbours: the real part cancels to zero or to 1 ulp^2
                b = rng.getrandbits(F.bits - 1)
                if F.decode(b)[0] == 'fin':
                    for c in F.neighbours(b, 1):
                        pairs.append((b | rng.choice((0, F.sign)), c | rng.choice((0, F.sign))))
    return dedupe(pairs)


def c_random_value(rng, op):
    def logu(lo, hi, signed=True):
        v = 2.0 ** rng.uniform(lo, hi)
        return -v if signed and rng.random() < 0.5 else v
    r = rng.random()
    if op in ('chlo.cosh', 'chlo.sinh', 'chlo.tan'):
        a = rng.uniform(-100, 100) if r < 0.3 else rng.uniform(-800, 800) if r < 0.4 else logu(-60, 10)
        r2 = rng.random()
        b = rng.uniform(-10, 10) if r2 < 0.4 else logu(-60, 60) if r2 < 0.8 else logu(60, 1023)
        return (b, a) if op == 'chlo.tan' else (a, b)
    if op == 'chlo.square':
        a = logu(-1070, 1023) if r < 0.3 else logu(-60, 60)
        return a, (a * (1 + logu(-60, 0)) if rng.random() < 0.5 else logu(-60, 60))
    if r < 0.3:
        return logu(-60, 60), logu(-60, 60)
    if r < 0.5:
        return rng.uniform(-3, 3), rng.uniform(-3, 3)
    if r < 0.7:  # near the unit circle
        rho = 1 + logu(-60, -1)
        t = rng.uniform(0, 2 * math.pi)
        return rho * math.cos(t), rho * math.sin(t)
    if r < 0.85:
        return logu(-1070, 1023), logu(-1070, 1023)
    small, other = logu(-80, -1), rng.uniform(-4, 4)  # near an axis (and its cut)
    return (small, other) if rng.random() < 0.5 else (other, small)


def c_gen_inputs(op, cfmt, nrandom, seed, full):
    F = cfmt.part
    rng = random.Random('%s/%s/%s' % (seed, op, cfmt.name))
    sp = c_part_specials(F, full)
    pairs = [(a, b) for a in sp for b in sp]
    hard = c_hard(op, F, rng)
    if not full:
        hard = rng.sample(hard, min(len(hard), 300))
    pairs += hard
    nb = nrandom // 2
    pairs += [(rng.getrandbits(F.bits), rng.getrandbits(F.bits)) for _ in range(nb)]
    for _ in range(nrandom - nb):
        a, b = c_random_value(rng, op)
        pairs.append((F.from_float(a), F.from_float(b)))
    return pairs


def eval_hex(hloconf, path, text, element_bytes, n, extra=()):
    """Writes the module `text` to `path` and evaluates it with `hloconf eval --hex`; returns the result's n
    elements of element_bytes each as raw bytes (a splat expanded), the evaluator's stdout and its time."""
    with open(path, 'w') as fh:
        fh.write(text)
    t0 = time.time()
    proc = subprocess.run([hloconf, 'eval', '--hex'] + list(extra) + [path], capture_output=True, text=True)
    dt = time.time() - t0
    m = re.search(r'result 0: dense<"0x([0-9A-Fa-f]*)">', proc.stdout)
    if proc.returncode != 0 or not m:
        raise RuntimeError('hloconf failed on %s (rc %d):\n%s\n%s' % (path, proc.returncode,
                                                                      proc.stdout[-2000:], proc.stderr[-2000:]))
    raw = bytes.fromhex(m.group(1))
    if len(raw) == element_bytes and n > 1:  # splat
        raw = raw * n
    if len(raw) != n * element_bytes:
        raise RuntimeError('%s: expected %d result bytes, got %d' % (path, n * element_bytes, len(raw)))
    return raw, proc.stdout, dt


def run_hloconf_complex(hloconf, tmpdir, op, cfmt, pairs):
    """Evaluates op on the pairs; returns the result pairs, the implementation-defined indices and time."""
    F = cfmt.part
    n = len(pairs)
    ty = 'tensor<%dx%s>' % (n, cfmt.name)
    lit = '0x' + b''.join(a.to_bytes(F.nbytes, 'little') + b.to_bytes(F.nbytes, 'little')
                          for a, b in pairs).hex().upper()
    text = ('func.func @main() -> %s {\n  %%x = stablehlo.constant dense<"%s"> : %s\n'
            '  %%r = %s %%x : %s -> %s\n  func.return %%r : %s\n}\n') % (ty, lit, ty, op, ty, ty, ty)
    path = os.path.join(tmpdir, '%s_complex_%s.mlir' % (op, F.name))
    raw, stdout, dt = eval_hex(hloconf, path, text, cfmt.nbytes, n, ['--bounds'])
    w = F.nbytes
    out = [(int.from_bytes(raw[2 * i * w:(2 * i + 1) * w], 'little'),
            int.from_bytes(raw[(2 * i + 1) * w:(2 * i + 2) * w], 'little')) for i in range(n)]
    marked = set()
    mm = re.search(r'implementation-defined 0: elements \[([0-9, ]*)\]', stdout)
    if mm and mm.group(1).strip():
        marked = {int(v) for v in mm.group(1).split(',')}
    return out, marked, dt


def check_complex_job(op, tname, hloconf, tmpdir, nrandom, seed, full, max_report):
    cfmt = CFORMATS[tname]
    F = cfmt.part
    t0 = time.time()
    pairs = c_gen_inputs(op, cfmt, nrandom, seed, full)
    try:
        ours, marked, eval_s = run_hloconf_complex(hloconf, tmpdir, op, cfmt, pairs)
    except (OSError, RuntimeError) as e:
        return dict(op=op, type=tname, n=0, mismatches=0, conv=0, error=str(e), report=[],
                    eval_s=0.0, total_s=time.time() - t0, stats=dict.fromkeys(STATS, 0))
    fn = COMPLEX_OPS[op]
    report = []
    nmis = nmarked = 0
    before = dict(STATS)
    show_in = lambda a, b: '(%s, %s)' % (F.show(a), F.show(b))
    for i, (got, (a, b)) in enumerate(zip(ours, pairs)):
        x, y = F.decode(a), F.decode(b)
        try:
            res = fn(F.p, x, y)
            want = [c_expected(F, r) for r in res]
        except Unresolved as e:
            nmis += 1
            report.append('  %s%s: could not resolve the rounding: %s' % (op, show_in(a, b), e))
            continue
        bad = [k for k in (0, 1) if not c_matches(F, want[k][0], want[k][1], got[k])]
        if bad:
            nmis += 1
            if i in marked:
                nmarked += 1
            if len(report) < max_report:
                report.append('  %s%s: ours %s, crosscheck (%s, %s), exact (%s, %s)%s' % (
                    op, show_in(a, b), show_in(*got), c_show_want(F, *want[0]), c_show_want(F, *want[1]),
                    c_exact_text(res[0]), c_exact_text(res[1]),
                    ' [element marked implementation-defined]' if i in marked else ''))
    stats = {k: STATS[k] - before[k] for k in STATS}
    return dict(op=op, type=tname, n=len(ours), mismatches=nmis, conv=0, report=report, eval_s=eval_s,
                total_s=time.time() - t0, stats=stats, marked=len(marked), marked_mis=nmarked)


def c_exact_text(res):
    if res[0] == 'inf_any':
        return '+-inf'
    if res[0] == 'zero_any':
        return '+-0'
    return exact_text(res)


# --------------------------------------------------------------------------------------------------
# Running the evaluator.
# --------------------------------------------------------------------------------------------------


def hexlit(fmt, vals):
    return '0x' + b''.join(v.to_bytes(fmt.nbytes, 'little') for v in vals).hex().upper()


def run_hloconf(hloconf, tmpdir, op, fmt, operands):
    n = len(operands[0])
    ty = 'tensor<%dx%s>' % (n, fmt.name)
    names = ['%x', '%y'][:len(operands)]
    lines = ['func.func @main() -> %s {' % ty]
    for nm, vals in zip(names, operands):
        lines.append('  %s = stablehlo.constant dense<"%s"> : %s' % (nm, hexlit(fmt, vals), ty))
    if op.startswith('chlo.'):  # chlo's form: `chlo.zeta %x, %y : T, T -> T`
        lines.append('  %%r = %s %s : %s -> %s' % (op, ', '.join(names), ', '.join([ty] * len(names)), ty))
    else:
        lines.append('  %%r = stablehlo.%s %s : %s' % (op, ', '.join(names), ty))
    lines.append('  func.return %%r : %s' % ty)
    lines.append('}')
    path = os.path.join(tmpdir, '%s_%s.mlir' % (op, fmt.name))
    raw, _, dt = eval_hex(hloconf, path, '\n'.join(lines) + '\n', fmt.nbytes, n)
    out = [int.from_bytes(raw[i * fmt.nbytes:(i + 1) * fmt.nbytes], 'little') for i in range(n)]
    return out, dt


def check_job(args):
    op, tname, hloconf, tmpdir, nrandom, seed, small_pairs, max_report, exhaustive16 = args
    if tname in CFORMATS:
        return check_complex_job(op, tname, hloconf, tmpdir, nrandom, seed, small_pairs is None, max_report)
    fmt = FORMATS[tname]
    t0 = time.time()
    operands = gen_inputs(op, fmt, nrandom, seed, small_pairs, exhaustive16)
    try:
        ours, eval_s = run_hloconf(hloconf, tmpdir, op, fmt, operands)
    except (OSError, RuntimeError) as e:
        return dict(op=op, type=tname, n=0, mismatches=0, conv=0, error=str(e), report=[],
                    eval_s=0.0, total_s=time.time() - t0, stats=dict.fromkeys(STATS, 0))
    fn = op_function(op, fmt)
    mismatches = []
    nmis = 0
    nconv = 0
    before = dict(STATS)
    for i, got in enumerate(ours):
        ins = [fmt.decode(o[i]) for o in operands]
        res = fn(*ins)
        try:
            kind, want = expected(fmt, res)
        except Unresolved as e:
            nmis += 1
            mismatches.append('  %s(%s): could not resolve the rounding: %s' % (
                op, ', '.join(fmt.show(o[i]) for o in operands), e))
            continue
        if res[0] == 'nan' and not fmt.has_nan():
            nconv += 1
        ok = fmt.is_nan(got) if kind == 'nan' else got == want
        if not ok:
            nmis += 1
            if len(mismatches) < max_report:
                mismatches.append('  %s(%s): ours %s, crosscheck %s, exact %s' % (
                    op, ', '.join(fmt.show(o[i]) for o in operands), fmt.show(got),
                    'NaN' if kind == 'nan' else fmt.show(want), exact_text(res)))
    stats = {k: STATS[k] - before[k] for k in STATS}
    return dict(op=op, type=tname, n=len(ours), mismatches=nmis, conv=nconv, report=mismatches,
                eval_s=eval_s, total_s=time.time() - t0, stats=stats)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--hloconf', required=True, help='path of the hloconf binary')
    ap.add_argument('--full', action='store_true', help='10,000 random inputs per (op, type), all pairs for '
                    'binary ops on <= 8-bit types (default: the quick CI sample)')
    ap.add_argument('--exhaustive16', action='store_true', help='unary ops on f16 and bf16: every one of the '
                    '65536 inputs instead of the random sample')
    ap.add_argument('--random', type=int, help='random inputs per (op, type) for the 16..64-bit types')
    ap.add_argument('--ops', help='comma-separated StableHLO op names (default: all)')
    ap.add_argument('--types', help='comma-separated element types (default: all); complex<f32> and '
                    'complex<f64> (or c64, c128) for the complex chlo ops')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--seed', default='hloconf-crosscheck-1')
    ap.add_argument('--max-report', type=int, default=20, help='mismatches printed per (op, type)')
    ap.add_argument('--keep', help='write the generated modules into this directory and keep them')
    a = ap.parse_args()

    if not os.access(a.hloconf, os.X_OK):
        print('crosscheck: %s is not an executable' % a.hloconf, file=sys.stderr)
        return 2
    ops = list(UNARY) + list(BINARY) + list(CHLO_UNARY) + list(CHLO_BINARY) + list(COMPLEX_ONLY)
    if a.ops:
        ops = a.ops.split(',')
        for o in ops:
            if o not in UNARY and o not in BINARY and o not in CHLO_UNARY and o not in CHLO_BINARY \
                    and o not in COMPLEX_OPS:
                print('crosscheck: unknown op %s' % o, file=sys.stderr)
                return 2
    types = list(FORMATS) + list(CFORMATS)
    if a.types:
        types = [TYPE_ALIASES.get(t, t) for t in a.types.split(',')]
        for t in types:
            if t not in FORMATS and t not in CFORMATS:
                print('crosscheck: unknown type %s' % t, file=sys.stderr)
                return 2
    nrandom = a.random if a.random is not None else (10000 if a.full else 300)
    small_pairs = None if a.full else 2000

    t0 = time.time()
    tmp = a.keep or tempfile.mkdtemp(prefix='hloconf-crosscheck-')
    os.makedirs(tmp, exist_ok=True)
    jobs = [(op, t, a.hloconf, tmp, nrandom, a.seed, small_pairs, a.max_report, a.exhaustive16)
            for op in ops for t in types if supports(op, t)]
    if not jobs:
        print('crosscheck: no (op, type) pair: the complex types take only %s' % ', '.join(COMPLEX_OPS),
              file=sys.stderr)
        return 2
    # Largest jobs first so that the pool stays busy.
    weight = lambda j: 3 if j[1] in CFORMATS else \
        is_binary(j[0]) * (2 if FORMATS[j[1]].bits <= 8 else 1) + (FORMATS[j[1]].bits > 8)
    jobs.sort(key=weight, reverse=True)
    results = []
    failed = False
    with ProcessPoolExecutor(max_workers=max(1, a.jobs)) as ex:
        for r in ex.map(check_job, jobs):
            results.append(r)
    results.sort(key=lambda r: (ops.index(r['op']), types.index(r['type'])))
    total_n = total_mis = errors = 0
    print('%-22s %-14s %8s %10s %8s %8s' % ('op', 'type', 'inputs', 'mismatches', 'eval_s', 'total_s'))
    for r in results:
        note = ''
        if r['conv']:
            note += '  (%d NaN results in a format without NaN: expected +0 per docs/element-types.md)' % r['conv']
        if r.get('marked'):
            note += '  (%d marked implementation-defined%s)' % (
                r['marked'], ', %d of them mismatched' % r['marked_mis'] if r['marked_mis'] else '')
        if r['stats']['ziv_inconsistent']:
            note += '  (%d Ziv interval inconsistencies, resolved at higher precision)' % r['stats']['ziv_inconsistent']
        print('%-22s %-14s %8d %10d %8.2f %8.2f%s' % (r['op'], r['type'], r['n'], r['mismatches'],
                                                     r['eval_s'], r['total_s'], note))
        for line in r['report']:
            print(line)
        if r.get('error'):
            print('  ERROR: ' + r['error'])
            errors += 1
        total_n += r['n']
        total_mis += r['mismatches']
        failed |= r['mismatches'] > 0
    print('total: %d (op, type) pairs, %d inputs, %d mismatches, %.1f s (%s mode, %d random per op/type for '
          '16..64-bit types)' % (len(results), total_n, total_mis, time.time() - t0, 'full' if a.full else 'sample',
                                 nrandom))
    if not a.keep:
        import shutil
        shutil.rmtree(tmp, ignore_errors=True)
    if errors:
        print('crosscheck: %d (op, type) pairs could not be evaluated' % errors)
        return 2
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
