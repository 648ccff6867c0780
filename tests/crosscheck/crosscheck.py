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

STATS = {'ziv_retries': 0, 'ziv_inconsistent': 0}


def ziv_round(fmt, f):
    P = P0
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
        b = ziv_round(fmt, res[1])
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
    bits = []
    for v in t:
        b = fmt.from_mpf(mpf(v))
        if fmt.decode(b)[0] in ('fin', 'zero'):
            bits += fmt.neighbours(b, 2)
    return bits


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
    lines.append('  %%r = stablehlo.%s %s : %s' % (op, ', '.join(names), ty))
    lines.append('  func.return %%r : %s' % ty)
    lines.append('}')
    path = os.path.join(tmpdir, '%s_%s.mlir' % (op, fmt.name))
    with open(path, 'w') as fh:
        fh.write('\n'.join(lines) + '\n')
    t0 = time.time()
    proc = subprocess.run([hloconf, 'eval', '--hex', path], capture_output=True, text=True)
    dt = time.time() - t0
    m = re.search(r'result 0: dense<"0x([0-9A-Fa-f]*)">', proc.stdout)
    if proc.returncode != 0 or not m:
        raise RuntimeError('hloconf failed on %s (rc %d):\n%s\n%s' % (path, proc.returncode,
                                                                      proc.stdout[-2000:], proc.stderr[-2000:]))
    raw = bytes.fromhex(m.group(1))
    if len(raw) == fmt.nbytes and n > 1:  # splat
        raw = raw * n
    if len(raw) != n * fmt.nbytes:
        raise RuntimeError('%s: expected %d result bytes, got %d' % (path, n * fmt.nbytes, len(raw)))
    out = [int.from_bytes(raw[i * fmt.nbytes:(i + 1) * fmt.nbytes], 'little') for i in range(n)]
    return out, dt


def check_job(args):
    op, tname, hloconf, tmpdir, nrandom, seed, small_pairs, max_report, exhaustive16 = args
    fmt = FORMATS[tname]
    t0 = time.time()
    operands = gen_inputs(op, fmt, nrandom, seed, small_pairs, exhaustive16)
    try:
        ours, eval_s = run_hloconf(hloconf, tmpdir, op, fmt, operands)
    except (OSError, RuntimeError) as e:
        return dict(op=op, type=tname, n=0, mismatches=0, conv=0, error=str(e), report=[],
                    eval_s=0.0, total_s=time.time() - t0, stats=dict.fromkeys(STATS, 0))
    fn = UNARY.get(op) or BINARY[op]
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
    ap.add_argument('--types', help='comma-separated element types (default: all)')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--seed', default='hloconf-crosscheck-1')
    ap.add_argument('--max-report', type=int, default=20, help='mismatches printed per (op, type)')
    ap.add_argument('--keep', help='write the generated modules into this directory and keep them')
    a = ap.parse_args()

    if not os.access(a.hloconf, os.X_OK):
        print('crosscheck: %s is not an executable' % a.hloconf, file=sys.stderr)
        return 2
    ops = list(UNARY) + list(BINARY)
    if a.ops:
        ops = a.ops.split(',')
        for o in ops:
            if o not in UNARY and o not in BINARY:
                print('crosscheck: unknown op %s' % o, file=sys.stderr)
                return 2
    types = list(FORMATS)
    if a.types:
        types = a.types.split(',')
        for t in types:
            if t not in FORMATS:
                print('crosscheck: unknown type %s' % t, file=sys.stderr)
                return 2
    nrandom = a.random if a.random is not None else (10000 if a.full else 300)
    small_pairs = None if a.full else 2000

    t0 = time.time()
    tmp = a.keep or tempfile.mkdtemp(prefix='hloconf-crosscheck-')
    os.makedirs(tmp, exist_ok=True)
    jobs = [(op, t, a.hloconf, tmp, nrandom, a.seed, small_pairs, a.max_report, a.exhaustive16) for op in ops for t in types]
    # Largest jobs first so that the pool stays busy.
    weight = lambda j: (j[0] in BINARY) * (2 if FORMATS[j[1]].bits <= 8 else 1) + (FORMATS[j[1]].bits > 8)
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
