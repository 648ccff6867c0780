#!/usr/bin/python3
"""Who is right when hloconf and an upstream peer golden file disagree?

For each given peer .mlir file (upstream stablehlo-testdata layout: @main calls
@inputs and @expected, applies one op, or calls a helper that applies a chain of
element-wise ops, then checks the result against @expected), this script

  * parses the @inputs / @expected constants (hex blobs `dense<"0x...">` or
    literal lists `dense<[...]>`; f16, bf16, f32, f64, complex<f32>,
    complex<f64>),
  * runs `hloconf eval --hex FILE` and takes result 0 of @main as OUR value
    (after checking that result 0 is the checked op output),
  * computes the exact value of the op at every element with mpmath at high
    precision (Ziv loop: the precision doubles until the value provably rounds
    to one floating-point number, given an error bound estimated from two
    precisions), rounds it to the element type with its own
    round-to-nearest-even code (each complex part separately), and
  * classifies each element where ours and XLA's (@expected) differ:
    ours correct / XLA correct / neither.

Every element, not only the differing ones, is checked against the correctly
rounded value; any element where OUR value is not correctly rounded is
reported prominently with full evidence.

A chain of ops (e.g. integer_pow x^4 = (x*x)*(x*x)) is evaluated op by op:
each op's exact result is rounded to the type before it feeds the next op,
which is what the program specifies.

Usage:
  python3 tests/peer/peer_evidence.py --hloconf build/hloconf FILES...
      [--markdown]   also print one markdown table row per file
      [--examples N] worked examples printed per file (default 1)

Exit status: 0 when OUR value is correctly rounded on every element of every
file, 1 when some element is not (or a file could not be assessed), 2 on usage
errors.

Needs only /usr/bin/python3 with python3-mpmath (numpy is used, if present,
for the shortest decimal form of f16/f32 values).
"""

import argparse
import os
import re
import subprocess
import sys

import mpmath
from mpmath import mp, mpf, mpc

try:
    import numpy as np
except ImportError:  # decimal printing falls back to mpmath
    np = None


# ---------------------------------------------------------------------------
# Floating-point formats and correct rounding
# ---------------------------------------------------------------------------

class Fmt:
    def __init__(self, name, bits, prec, emin, emax):
        self.name = name
        self.bits = bits      # storage width
        self.prec = prec      # significand bits including the implicit one
        self.emin = emin      # exponent of the smallest normal
        self.emax = emax      # exponent of the largest finite
        self.mbits = prec - 1
        self.ebits = bits - 1 - self.mbits
        self.bias = (1 << (self.ebits - 1)) - 1
        self.sign = 1 << (bits - 1)
        self.inf = ((1 << self.ebits) - 1) << self.mbits
        self.qnan = self.inf | (1 << (self.mbits - 1))


FMTS = {
    'f16': Fmt('f16', 16, 11, -14, 15),
    'bf16': Fmt('bf16', 16, 8, -126, 127),
    'f32': Fmt('f32', 32, 24, -126, 127),
    'f64': Fmt('f64', 64, 53, -1022, 1023),
}


def is_nan(fmt, b):
    return (b & fmt.inf) == fmt.inf and (b & ((1 << fmt.mbits) - 1)) != 0


def is_inf(fmt, b):
    return (b & ~fmt.sign) == fmt.inf


def is_finite(fmt, b):
    return (b & fmt.inf) != fmt.inf


def bits_to_mpf(fmt, b):
    """Exact value of a finite encoding (mpmath needs no precision for this)."""
    neg = bool(b & fmt.sign)
    e = (b >> fmt.mbits) & ((1 << fmt.ebits) - 1)
    m = b & ((1 << fmt.mbits) - 1)
    if e == 0:
        v = mpmath.ldexp(mpf(m), fmt.emin - fmt.mbits)
    else:
        v = mpmath.ldexp(mpf(m | (1 << fmt.mbits)), e - fmt.bias - fmt.mbits)
    return -v if neg else v


def round_exact(fmt, sign, man, exp):
    """Round (-1)^sign * man * 2^exp (man > 0 integer) to nearest even; bits."""
    bc = man.bit_length()
    E = exp + bc - 1                        # exponent of the leading bit
    q = max(E, fmt.emin) - fmt.mbits        # exponent of the last kept bit
    if q > exp:
        sh = q - exp
        r = man >> sh
        rem = man - (r << sh)
        half = 1 << (sh - 1)
        if rem > half or (rem == half and (r & 1)):
            r += 1
    else:
        r = man << (exp - q)
    s = fmt.sign if sign else 0
    if r == 0:
        return s
    # r * 2^q, r < 2^(prec) or == 2^prec after carry
    if r >= (1 << fmt.prec):
        r >>= 1
        q += 1
    if r < (1 << fmt.mbits):                # subnormal
        return s | r
    E = q + fmt.mbits
    if E > fmt.emax:
        return s | fmt.inf
    return s | ((E + fmt.bias) << fmt.mbits) | (r - (1 << fmt.mbits))


def round_mpf(fmt, v):
    """Correctly rounded bits of the mpf v (which is taken as exact)."""
    if mpmath.isnan(v):
        return fmt.qnan
    if mpmath.isinf(v):
        return fmt.inf | (fmt.sign if v < 0 else 0)
    sign, man, exp, _bc = v._mpf_
    if man == 0:
        return 0
    return round_exact(fmt, sign, int(man), exp)


def ordered(fmt, b):
    return -(b & ~fmt.sign) if b & fmt.sign else b


def ulp_dist(fmt, a, b):
    if is_nan(fmt, a) or is_nan(fmt, b):
        return 0 if is_nan(fmt, a) and is_nan(fmt, b) else float('inf')
    return abs(ordered(fmt, a) - ordered(fmt, b))


def same_bits(fmt, a, b):
    if is_nan(fmt, a) and is_nan(fmt, b):
        return True
    return a == b


def fmt_decimal(fmt, b):
    """Shortest round-trip decimal of an encoding."""
    if is_nan(fmt, b):
        return 'nan'
    if is_inf(fmt, b):
        return '-inf' if b & fmt.sign else 'inf'
    if np is not None and fmt.name in ('f16', 'f32', 'f64'):
        dt = {'f16': np.uint16, 'f32': np.uint32, 'f64': np.uint64}[fmt.name]
        ft = {'f16': np.float16, 'f32': np.float32, 'f64': np.float64}[fmt.name]
        return repr(float(np.array([b], dtype=dt).view(ft)[0])) if fmt.name == 'f64' \
            else str(np.array([b], dtype=dt).view(ft)[0])
    with mp.workprec(fmt.prec + 10):
        return mpmath.nstr(bits_to_mpf(fmt, b), 8)


def hexbits(fmt, b):
    return '0x%0*X' % (fmt.bits // 4, b)


# ---------------------------------------------------------------------------
# Element types and tensors
# ---------------------------------------------------------------------------

class EType:
    def __init__(self, name):
        self.name = name
        m = re.fullmatch(r'complex<(\w+)>', name)
        self.complex = bool(m)
        base = m.group(1) if m else name
        if base not in FMTS:
            raise Unsupported('element type %s' % name)
        self.fmt = FMTS[base]
        self.nbytes = self.fmt.bits // 8 * (2 if self.complex else 1)

    def real_type(self):
        return EType(self.fmt.name)


class Unsupported(Exception):
    pass


def parse_tensor_type(t):
    t = t.strip()
    m = re.fullmatch(r'tensor<(?:((?:\d+x)*))([\w<>]+)>', t)
    if not m:
        raise Unsupported('type %s' % t)
    dims = [int(d) for d in m.group(1).split('x') if d] if m.group(1) else []
    return dims, EType(m.group(2))


def nelems(dims):
    n = 1
    for d in dims:
        n *= d
    return n


def decode_hex(hexstr, dims, et):
    data = bytes.fromhex(hexstr)
    n = nelems(dims)
    w = et.fmt.bits // 8
    if len(data) == w * (2 if et.complex else 1):   # splat
        data = data * n
    if len(data) != n * et.nbytes:
        raise Unsupported('blob size %d for %d elements' % (len(data), n))
    words = [int.from_bytes(data[i:i + w], 'little') for i in range(0, len(data), w)]
    if et.complex:
        return [(words[2 * i], words[2 * i + 1]) for i in range(n)]
    return words


def literal_bits(fmt, tok):
    tok = tok.strip()
    if tok.lower().startswith('0x'):
        return int(tok, 16)
    low = tok.lower()
    if low in ('inf', '+inf', '0x7f800000'):
        return fmt.inf
    if low == '-inf':
        return fmt.inf | fmt.sign
    if low == 'nan':
        return fmt.qnan
    if low in ('true', 'false'):
        raise Unsupported('boolean literal')
    neg = tok.startswith('-')
    with mp.workprec(4000):
        v = mpf(tok)
    b = round_mpf(fmt, v)
    if v == 0 and neg:
        b |= fmt.sign
    return b


def decode_literal(body, dims, et):
    body = body.strip()
    n = nelems(dims)
    if et.complex:
        toks = re.findall(r'\(\s*([^,()]+?)\s*,\s*([^,()]+?)\s*\)', body)
        vals = [(literal_bits(et.fmt, a), literal_bits(et.fmt, b)) for a, b in toks]
    else:
        toks = [t for t in re.split(r'[\s,\[\]]+', body) if t]
        vals = [literal_bits(et.fmt, t) for t in toks]
    if len(vals) == 1 and n != 1:
        vals = vals * n
    if len(vals) != n:
        raise Unsupported('literal has %d elements, type wants %d' % (len(vals), n))
    return vals


class Tensor:
    def __init__(self, dims, et, vals):
        self.dims, self.et, self.vals = dims, et, vals


def parse_constant(text, type_str):
    dims, et = parse_tensor_type(type_str)
    m = re.fullmatch(r'"0x([0-9A-Fa-f]*)"', text.strip())
    if m:
        return Tensor(dims, et, decode_hex(m.group(1), dims, et))
    return Tensor(dims, et, decode_literal(text, dims, et))


# ---------------------------------------------------------------------------
# The ops: exact value with mpmath, then correct rounding
# ---------------------------------------------------------------------------

def fix_branch(f):
    """Principal branch with the sign of a zero imaginary part respected:
    f(x - 0i) = conj(f(x + 0i)) for functions with a cut on the real axis."""
    def g(z, neg_zero_im):
        w = f(z)
        if neg_zero_im and isinstance(w, mpc):
            w = mpmath.conj(w)
        return w
    return g


def c_sign(z):
    if z == 0:
        return z
    return z / abs(z)


def r_sign(x):
    return mpf(0) if x == 0 else (mpf(1) if x > 0 else mpf(-1))


def r_cbrt(x):
    return -mpmath.cbrt(-x) if x < 0 else mpmath.cbrt(x)


def r_log(x):
    if x < 0:
        return mpf('nan')
    return mpmath.log(x) if x > 0 else mpf('-inf')


def r_log1p(x):
    if x < -1:
        return mpf('nan')
    return mpmath.log1p(x) if x > -1 else mpf('-inf')


def r_sqrt(x):
    return mpf('nan') if x < 0 else mpmath.sqrt(x)


def r_rsqrt(x):
    if x < 0:
        return mpf('nan')
    return mpf('inf') if x == 0 else 1 / mpmath.sqrt(x)


def r_div(a, b):
    if b == 0:
        return mpf('nan') if a == 0 else mpf('inf') * mpmath.sign(a)   # sign fixed below
    return a / b


def r_pow(x, y):
    if x < 0 and y != mpmath.floor(y):
        return mpf('nan')
    return mpmath.power(x, y)


def real_only(f):
    """A real function from mpmath's (which returns a complex value outside the real domain): NaN there."""
    def g(x):
        w = f(x)
        if isinstance(w, mpc):
            return mpf('nan') if w.imag != 0 else w.real
        return w
    return g


def r_lgamma(x):
    if x <= 0 and x == mpmath.floor(x):
        return mpf('inf')
    return mpmath.log(abs(mpmath.gamma(x)))


def r_digamma(x):
    """MPFR's digamma at the poles (docs/design/chlo.md): NaN at the negative integers, -inf at +0."""
    if x <= 0 and x == mpmath.floor(x):
        return mpf('-inf') if x == 0 else mpf('nan')
    return mpmath.digamma(x)


def r_erf_inv(x):
    if abs(x) > 1:
        return mpf('nan')
    return mpmath.erfinv(x)


# name -> (real function, complex function, exact?)  -- "exact" ops are
# computed exactly (enough precision) rather than with the Ziv loop.
UNARY = {
    'abs': (abs, abs, False),
    'cbrt': (r_cbrt, None, False),
    'cosine': (mpmath.cos, mpmath.cos, False),
    'sine': (mpmath.sin, mpmath.sin, False),
    'tan': (mpmath.tan, mpmath.tan, False),
    'tanh': (mpmath.tanh, mpmath.tanh, False),
    'exponential': (mpmath.exp, mpmath.exp, False),
    'exponential_minus_one': (mpmath.expm1, mpmath.expm1, False),
    'log': (r_log, fix_branch(mpmath.log), False),
    'log_plus_one': (r_log1p, fix_branch(mpmath.log1p), False),
    'sqrt': (r_sqrt, fix_branch(mpmath.sqrt), False),
    'rsqrt': (r_rsqrt, fix_branch(lambda z: 1 / mpmath.sqrt(z)), False),
    'sign': (r_sign, c_sign, False),
    'negate': (lambda x: -x, lambda z: -z, True),
    'floor': (mpmath.floor, None, True),
    'ceil': (mpmath.ceil, None, True),
    'round_nearest_afz': (lambda x: mpmath.sign(x) * mpmath.floor(abs(x) + mpf(1) / 2), None, True),
    'round_nearest_even': (mpmath.nint, None, True),
    # chlo (docs/design/chlo.md): the principal branches of C Annex G, as MPC computes them.
    'acos': (real_only(mpmath.acos), mpmath.acos, False),
    'acosh': (real_only(mpmath.acosh), mpmath.acosh, False),
    'asin': (real_only(mpmath.asin), mpmath.asin, False),
    'asinh': (mpmath.asinh, mpmath.asinh, False),
    'atan': (mpmath.atan, mpmath.atan, False),
    'atanh': (real_only(mpmath.atanh), mpmath.atanh, False),
    'cosh': (mpmath.cosh, mpmath.cosh, False),
    'sinh': (mpmath.sinh, mpmath.sinh, False),
    'erf': (mpmath.erf, None, False),
    'erfc': (mpmath.erfc, None, False),
    'erf_inv': (r_erf_inv, None, False),
    'lgamma': (r_lgamma, None, False),
    'digamma': (r_digamma, None, False),
    'bessel_i1e': (lambda x: mpmath.besseli(1, x) * mpmath.exp(-abs(x)), None, False),
}
BRANCHED = {'log', 'log_plus_one', 'sqrt', 'rsqrt'}

BINARY = {
    'multiply': (lambda a, b: a * b, lambda a, b: a * b, True),
    'add': (lambda a, b: a + b, lambda a, b: a + b, True),
    'subtract': (lambda a, b: a - b, lambda a, b: a - b, True),
    'divide': (r_div, lambda a, b: a / b, True),
    'power': (r_pow, None, False),
    'atan2': (mpmath.atan2, None, False),    # atan2(lhs, rhs) = angle of (rhs, lhs)
}


def fix_zero_sign(name, in_bits, fmt, ofmt, b, w):
    """IEEE signs of exact zeros and of infinities from zero operands
    (mpmath has no signed zero)."""
    sg = [bool(x & fmt.sign) for x in in_bits]
    if ofmt is not fmt:
        return b
    if mpmath.isinf(w) and name in ('rsqrt', 'divide'):
        neg = sg[0] if name == 'rsqrt' else (sg[0] != sg[1])
        return (fmt.inf | fmt.sign) if neg else fmt.inf
    if b != 0 or w != 0:
        return b
    if name in ('abs', 'log', 'exponential', 'cosine', 'cosh', 'acos', 'acosh', 'erfc', 'lgamma', 'digamma'):
        neg = False
    elif len(sg) == 1:
        neg = sg[0]            # odd / sign-preserving functions, rounding ops, sqrt(-0)
    elif name in ('multiply', 'divide'):
        neg = sg[0] != sg[1]
    elif name == 'add':
        neg = sg[0] and sg[1]
    elif name == 'subtract':
        neg = sg[0] and not sg[1]
    elif name == 'atan2':
        neg = sg[0]
    elif name == 'power':     # pow(-0, odd integer y > 0) = -0
        y = bits_to_mpf(fmt, in_bits[1]) if is_finite(fmt, in_bits[1]) else None
        neg = sg[0] and y is not None and y == mpmath.floor(y) and int(y) % 2 == 1
    else:
        neg = False
    return fmt.sign if neg else 0


class Unsettled(Exception):
    pass


def elem_value(et, v):
    """Exact mpf/mpc of an element, or None if non-finite."""
    if et.complex:
        re_, im_ = v
        if not (is_finite(et.fmt, re_) and is_finite(et.fmt, im_)):
            return None
        return mpc(bits_to_mpf(et.fmt, re_), bits_to_mpf(et.fmt, im_))
    if not is_finite(et.fmt, v):
        return None
    return bits_to_mpf(et.fmt, v)


def round_result(et, w, zero_sign=0):
    if et.complex:
        w = mpc(w)
        return (round_mpf(et.fmt, w.real), round_mpf(et.fmt, w.imag))
    return round_mpf(et.fmt, mpf(w))


def certified_round(et, compute, exact=False):
    """Correctly rounded bits of compute() (a function of the working
    precision).  Returns (bits, value as mpf/mpc at the final precision)."""
    if exact:
        with mp.workprec(5000):
            w = compute()
            return round_result(et, w), w
    prec = 160
    with mp.workprec(prec):
        prev = compute()
    while prec <= 20000:
        prec *= 2
        with mp.workprec(prec):
            cur = compute()
            parts_c = [cur.real, cur.imag] if et.complex else [mpf(cur)]
            parts_p = [mpc(prev).real, mpc(prev).imag] if et.complex else [mpf(prev)]
            if any(mpmath.isnan(p) or mpmath.isinf(p) for p in parts_c):
                return round_result(et, cur), cur
            mag = abs(cur)
            ok = True
            for pc, pp in zip(parts_c, parts_p):
                # error estimate: 4x the change from the previous precision,
                # plus a generous bound relative to the whole result
                rad = 4 * abs(pc - pp) + mag * mpmath.ldexp(1, -(prec - 40))
                if round_mpf(et.fmt, pc - rad) != round_mpf(et.fmt, pc + rad):
                    ok = False
                    break
            if ok:
                return round_result(et, cur), cur
        prev = cur
    raise Unsettled('could not settle the rounding at %d bits' % prec)


def apply_op(name, args, out_et):
    """Element-wise op on Tensors; returns (Tensor of rounded results, exact values)."""
    n = nelems(args[0].dims)
    in_et = args[0].et
    vals, exacts = [], []
    for i in range(n):
        xs = [elem_value(a.et, a.vals[i]) for a in args]
        if any(x is None for x in xs):
            vals.append(None)          # non-finite input: not assessed
            exacts.append(None)
            continue
        if len(args) == 1:
            if name not in UNARY:
                raise Unsupported('op %s' % name)
            rf, cf, exact = UNARY[name]
            f = cf if in_et.complex else rf
            if f is None:
                raise Unsupported('op %s on %s' % (name, in_et.name))
            x = xs[0]
            if name in BRANCHED and in_et.complex:
                negz = x.imag == 0 and bool(args[0].vals[i][1] & in_et.fmt.sign)
                comp = (lambda f=f, x=x, negz=negz: f(x, negz))
            else:
                comp = (lambda f=f, x=x: f(x))
        else:
            if name not in BINARY:
                raise Unsupported('op %s' % name)
            rf, cf, exact = BINARY[name]
            if name == 'power' and in_et.complex:
                cf = (lambda a, b: mpf(1) if b == 0 else
                      (mpc(0) if a == 0 else mpmath.exp(b * mpmath.log(a))))
                if xs[0].imag == 0 and bool(args[0].vals[i][1] & in_et.fmt.sign) and xs[0].real < 0:
                    raise Unsupported('power on the branch cut with -0 imaginary part')
            f = cf if in_et.complex else rf
            if f is None:
                raise Unsupported('op %s on %s' % (name, in_et.name))
            comp = (lambda f=f, xs=xs: f(*xs))
        b, w = certified_round(out_et, comp, exact)
        if not in_et.complex:
            b = fix_zero_sign(name, [a.vals[i] for a in args], in_et.fmt, out_et.fmt, b, w)
        if in_et.complex:
            cross_check(name, xs, out_et, b, False)
        vals.append(b)
        exacts.append(w)
    return Tensor(args[0].dims, out_et, vals), exacts


# ---------------------------------------------------------------------------
# Independent cross-check for complex ops: textbook real formulas (built only
# from real mpmath functions) at 3000 bits, no use of mpmath's complex code.
# ---------------------------------------------------------------------------

def _alt_complex(op, xs):
    x, y = xs[0].real, xs[0].imag
    M = mpmath
    if op == 'exponential_minus_one':
        return mpc(M.expm1(x) * M.cos(y) - 2 * M.sin(y / 2) ** 2, M.exp(x) * M.sin(y))
    if op == 'exponential':
        return mpc(M.exp(x) * M.cos(y), M.exp(x) * M.sin(y))
    if op == 'log':
        return mpc(M.log(M.sqrt(x * x + y * y)), M.atan2(y, x))
    if op == 'log_plus_one':
        u = 1 + x
        return mpc(M.log(M.sqrt(u * u + y * y)), M.atan2(y, u))
    if op in ('sqrt', 'rsqrt'):
        r = M.sqrt(x * x + y * y)
        a = M.sqrt((r + x) / 2)
        b = M.sqrt((r - x) / 2) * (-1 if y < 0 else 1)
        if op == 'sqrt':
            return mpc(a, b)
        d = a * a + b * b
        return mpc(a / d, -b / d)
    if op == 'tan':
        d = M.cos(2 * x) + M.cosh(2 * y)
        return mpc(M.sin(2 * x) / d, M.sinh(2 * y) / d)
    if op == 'tanh':
        d = M.cosh(2 * x) + M.cos(2 * y)
        return mpc(M.sinh(2 * x) / d, M.sin(2 * y) / d)
    if op == 'sign':
        r = M.sqrt(x * x + y * y)
        return mpc(x / r, y / r)
    if op == 'abs':
        return M.sqrt(x * x + y * y)
    if op == 'multiply':
        c, d = xs[1].real, xs[1].imag
        return mpc(x * c - y * d, x * d + y * c)
    if op == 'power':
        c, d = xs[1].real, xs[1].imag
        lr = M.log(M.sqrt(x * x + y * y))
        th = M.atan2(y, x)
        mag = M.exp(c * lr - d * th)
        ph = d * lr + c * th
        return mpc(mag * M.cos(ph), mag * M.sin(ph))
    return None


CROSS = {'checked': 0, 'agree': 0, 'mismatch': []}


def cross_check(name, xs, out_et, bits, neg_zero_im):
    if any(isinstance(x, mpc) and x.imag == 0 for x in xs) or not isinstance(xs[0], mpc):
        return                               # only generic complex inputs
    with mp.workprec(3000):
        w = _alt_complex(name, xs)
        if w is None:
            return
        b = round_result(out_et, w)
    CROSS['checked'] += 1
    if b == bits:
        CROSS['agree'] += 1
    else:
        CROSS['mismatch'].append((name, xs, bits, b))


# ---------------------------------------------------------------------------
# A tiny interpreter for the peer files' structure
# ---------------------------------------------------------------------------

FUNC_RE = re.compile(r'^\s*func\.func\s+(?:public\s+|private\s+)?@(\w+)\((.*?)\)\s*->')
CALL_RE = re.compile(r'^\s*(%[\w#:]+)\s*=\s*call\s+@(\w+)\((.*?)\)\s*:\s*\((.*?)\)\s*->\s*(.*)$')
CONST_RE = re.compile(r'^\s*(%\w+)\s*=\s*stablehlo\.constant\s+dense<(.*)>\s*:\s*(tensor<.*>)\s*$')
OP_RE = re.compile(r'^\s*(%\w+)\s*=\s*(stablehlo|chlo)\.(\w+)\s+(%[\w#]+(?:\s*,\s*%[\w#]+)*)\s*:\s*(.*)$')
GOP_RE = re.compile(r'^\s*(%\w+)\s*=\s*"(stablehlo|chlo)\.(\w+)"\((.*?)\)\s*:\s*\((.*?)\)\s*->\s*(.*)$')
RET_RE = re.compile(r'^\s*(?:func\.)?return\s+(.*?)\s*:\s*(.*)$')
CHECK_RE = re.compile(r'custom_call\s+@(check\.\w+)\((.*?)\)')


def parse_funcs(text):
    funcs, cur, name = {}, None, None
    for line in text.splitlines():
        m = FUNC_RE.match(line)
        if m:
            name = m.group(1)
            params = re.findall(r'(%\w+)\s*:', m.group(2))
            cur = {'params': params, 'lines': []}
            funcs[name] = cur
            continue
        if cur is not None:
            if re.match(r'^\s*}\s*$', line) and line.startswith('  }'):
                cur = None
                continue
            cur['lines'].append(line)
    return funcs


def result_types(tstr):
    return re.findall(r'tensor<(?:[^<>]|<[^<>]*>)*>', tstr)


class Program:
    def __init__(self, text):
        self.funcs = parse_funcs(text)
        self.ops = []            # (op name) applied, in order, outside inputs/expected
        self.checks = []

    def run(self, fname, args, depth=0):
        f = self.funcs[fname]
        env = dict(zip(f['params'], args))
        exacts = {}

        def get(v):
            v = v.strip()
            if '#' in v:
                base, idx = v.split('#')
                return env[base][int(idx)]
            r = env[v]
            return r[0] if isinstance(r, list) and len(r) == 1 else r

        for line in f['lines']:
            if not line.strip() or line.strip().startswith('//'):
                continue
            m = CONST_RE.match(line)
            if m:
                env[m.group(1)] = parse_constant(m.group(2), m.group(3))
                continue
            m = CALL_RE.match(line)
            if m:
                lhs = m.group(1).split(':')[0]
                callee = m.group(2)
                cargs = [get(a) for a in m.group(3).split(',') if a.strip()]
                res, ex = self.run(callee, cargs, depth + 1)
                env[lhs] = res if len(res) > 1 else res[0]
                if callee not in ('inputs', 'expected'):
                    exacts[lhs] = ex
                continue
            m = OP_RE.match(line) or GOP_RE.match(line)
            if m:
                lhs, dialect, op = m.group(1), m.group(2), m.group(3)
                operands = [get(a) for a in m.group(4).split(',')]
                tstr = m.group(m.lastindex)
                out_t = result_types(tstr)[-1]
                dims, out_et = parse_tensor_type(out_t)
                res, ex = apply_op(op, operands, out_et)
                env[lhs] = res
                exacts[lhs] = ex
                self.ops.append('%s.%s' % (dialect, op))
                continue
            m = CHECK_RE.search(line)
            if m:
                self.checks.append((m.group(1), [a.strip() for a in m.group(2).split(',')]))
                continue
            m = RET_RE.match(line)
            if m:
                names = [a.strip() for a in m.group(1).split(',')]
                res = [get(a) for a in names]
                ex = exacts.get(names[0])
                if depth == 0:
                    self.ret_names = names
                return res, ex
            raise Unsupported('line not understood: %s' % line.strip()[:100])
        raise Unsupported('function @%s has no return' % fname)


# ---------------------------------------------------------------------------
# OUR value: hloconf eval --hex
# ---------------------------------------------------------------------------

def run_hloconf(hloconf, path):
    p = subprocess.run([hloconf, 'eval', '--hex', path], capture_output=True, text=True)
    m = re.search(r'^result 0: dense<"0x([0-9A-Fa-f]*)">\s*:\s*(tensor<[^>]*>)(?:\s*//.*)?\s*$', p.stdout, re.M)  # a trailing // notes marks
    if not m:
        raise Unsupported('hloconf printed no result 0:\n' + p.stdout[-2000:] + p.stderr[-2000:])
    dims, et = parse_tensor_type(m.group(2))
    return Tensor(dims, et, decode_hex(m.group(1), dims, et)), m.group(2)


# ---------------------------------------------------------------------------
# Comparison and report
# ---------------------------------------------------------------------------

def index_str(i, dims):
    idx = []
    for d in reversed(dims):
        idx.append(i % d)
        i //= d
    return '[' + ', '.join(str(k) for k in reversed(idx)) + ']'


def elem_bits_str(et, v):
    if et.complex:
        return '(%s, %s)' % (hexbits(et.fmt, v[0]), hexbits(et.fmt, v[1]))
    return hexbits(et.fmt, v)


def elem_dec_str(et, v):
    if et.complex:
        return '(%s, %s)' % (fmt_decimal(et.fmt, v[0]), fmt_decimal(et.fmt, v[1]))
    return fmt_decimal(et.fmt, v)


def elem_eq(et, a, b):
    if et.complex:
        return same_bits(et.fmt, a[0], b[0]) and same_bits(et.fmt, a[1], b[1])
    return same_bits(et.fmt, a, b)


def elem_ulps(et, a, b):
    if et.complex:
        return max(ulp_dist(et.fmt, a[0], b[0]), ulp_dist(et.fmt, a[1], b[1]))
    return ulp_dist(et.fmt, a, b)


def exact_str(w):
    with mp.workprec(mp.prec if mp.prec > 200 else 200):
        if isinstance(w, mpc):
            return '(%s, %s)' % (mpmath.nstr(w.real, 30, min_fixed=-5, max_fixed=5),
                                 mpmath.nstr(w.imag, 30, min_fixed=-5, max_fixed=5))
        return mpmath.nstr(w, 30, min_fixed=-5, max_fixed=5)


def assess(path, hloconf, n_examples):
    text = open(path).read()
    CROSS['checked'], CROSS['agree'], CROSS['mismatch'] = 0, 0, []
    prog = Program(text)
    outs, exacts = prog.run('main', [])
    # identify computed result, expected, and check
    if len(prog.checks) != 1:
        raise Unsupported('%d checks in @main' % len(prog.checks))
    check, (act_name, exp_name) = prog.checks[0]
    if prog.ret_names[0] != act_name:
        raise Unsupported('result 0 (%s) is not the checked value (%s)' % (prog.ret_names[0], act_name))
    f_main = prog.funcs['main']
    env_lines = '\n'.join(f_main['lines'])
    if not re.search(re.escape(exp_name) + r'\s*=\s*call\s+@expected', env_lines):
        raise Unsupported('check compares with %s, not @expected' % exp_name)
    golden = outs[0]
    xla = Program(text).run('expected', [])[0][0]
    # inputs for the worked example
    inputs = Program(text).run('inputs', [])[0]
    ours, ours_type = run_hloconf(hloconf, path)
    et = golden.et
    if ours.et.name != et.name or ours.dims != golden.dims:
        raise Unsupported('hloconf result 0 is %s, op result is %s' % (ours_type, et.name))
    if xla.et.name != et.name or len(xla.vals) != len(golden.vals):
        raise Unsupported('@expected type differs from the op result type')

    n = len(golden.vals)
    differ = []          # indices where ours != xla
    ours_bad = []        # ours != correctly rounded
    xla_bad = []
    not_assessed = 0
    for i in range(n):
        g, o, x = golden.vals[i], ours.vals[i], xla.vals[i]
        if g is None:
            not_assessed += 1
            continue
        if not elem_eq(et, o, g):
            ours_bad.append(i)
        if not elem_eq(et, x, g):
            xla_bad.append(i)
        if not elem_eq(et, o, x):
            differ.append(i)
    ours_right = [i for i in differ if elem_eq(et, ours.vals[i], golden.vals[i])]
    xla_right = [i for i in differ if elem_eq(et, xla.vals[i], golden.vals[i])]
    neither = [i for i in differ if i not in set(ours_right) and i not in set(xla_right)]
    xla_max = max([elem_ulps(et, xla.vals[i], golden.vals[i]) for i in xla_bad], default=0)
    ours_max = max([elem_ulps(et, ours.vals[i], golden.vals[i]) for i in ours_bad], default=0)
    imax = max(xla_bad, key=lambda i: elem_ulps(et, xla.vals[i], golden.vals[i])) if xla_bad else None

    ops = ' -> '.join(prog.ops)
    in_types = ', '.join(t.et.name for t in inputs)
    r = dict(path=path, name=os.path.basename(path), ops=ops, in_type=in_types, out_type=et.name,
             n=n, differ=len(differ), ours_right=len(ours_right), xla_right=len(xla_right),
             neither=len(neither), ours_bad=ours_bad, xla_bad=len(xla_bad), xla_max=xla_max,
             ours_max=ours_max, not_assessed=not_assessed, imax=imax)

    print('== %s' % path)
    print('   op: %s   (%s -> %s), %d elements%s' % (
        ops, in_types, et.name, n,
        ', %d with non-finite inputs not assessed' % not_assessed if not_assessed else ''))
    print('   elements where ours and XLA differ:      %d' % len(differ))
    print('     ours correctly rounded:               %d' % len(ours_right))
    print('     XLA correctly rounded:                %d' % len(xla_right))
    print('     neither:                              %d' % len(neither))
    print('   elements where XLA is not correctly rounded: %d of %d; max ULP distance %s' % (
        len(xla_bad), n - not_assessed, xla_max))
    print('   elements where OURS is not correctly rounded: %d of %d' % (len(ours_bad), n - not_assessed))
    r['cross'] = (CROSS['checked'], CROSS['agree'])
    if CROSS['checked']:
        print('   cross-check of the complex op with textbook real formulas at 3000 bits: '
              '%d of %d op evaluations round the same' % (CROSS['agree'], CROSS['checked']))
        for name, xs, b1, b2 in CROSS['mismatch'][:5]:
            print('   !!! cross-check MISMATCH: %s%s: mpmath gives %s, formula gives %s' % (
                name, xs, b1, b2))

    def example(i, label):
        ins = '; '.join('%s bits %s' % (elem_dec_str(t.et, t.vals[i]), elem_bits_str(t.et, t.vals[i]))
                        for t in inputs)
        print('   %s at %s:' % (label, index_str(i, golden.dims)))
        print('     input:             %s' % ins)
        print('     exact value:       %s' % exact_str(exacts[i]) if exacts else '')
        print('     correctly rounded: %s = %s' % (elem_bits_str(et, golden.vals[i]), elem_dec_str(et, golden.vals[i])))
        print('     ours:              %s = %s (%s ULP)' % (elem_bits_str(et, ours.vals[i]), elem_dec_str(et, ours.vals[i]),
                                                           elem_ulps(et, ours.vals[i], golden.vals[i])))
        print('     XLA:               %s = %s (%s ULP)' % (elem_bits_str(et, xla.vals[i]), elem_dec_str(et, xla.vals[i]),
                                                           elem_ulps(et, xla.vals[i], golden.vals[i])))
        return dict(index=index_str(i, golden.dims), input=ins, exact=exact_str(exacts[i]),
                    cr=elem_bits_str(et, golden.vals[i]), ours=elem_bits_str(et, ours.vals[i]),
                    xla=elem_bits_str(et, xla.vals[i]))

    r['examples'] = [example(i, 'example (first differing element)' if k == 0 else 'example')
                     for k, i in enumerate(differ[:n_examples])]
    if imax is not None and (not differ or imax != differ[0]):
        r['max_example'] = example(imax, 'example (largest XLA error)')
    if ours_bad:
        print('   !!!!!! OUR VALUE IS NOT CORRECTLY ROUNDED at %d element(s) (max %s ULP) !!!!!!' % (
            len(ours_bad), ours_max))
        for i in ours_bad:
            example(i, '!!! NOT CORRECTLY ROUNDED (ours)')
    return r


def md_row(r):
    who = ('ours' if r['ours_right'] == r['differ'] and not r['ours_bad']
           else 'UNSETTLED / ours wrong on %d' % len(r['ours_bad']))
    ex = r['examples'][0] if r['examples'] else None
    cells = [r['name'], '%s (%s -> %s)' % (r['ops'], r['in_type'], r['out_type']),
             '%d / %d' % (r['differ'], r['n']), '%d' % r['xla_bad'], '%s' % r['xla_max'], who]
    return '| ' + ' | '.join(cells) + ' |'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--hloconf', default='build/hloconf')
    ap.add_argument('--markdown', action='store_true')
    ap.add_argument('--examples', type=int, default=1)
    ap.add_argument('files', nargs='+')
    a = ap.parse_args()
    results, failed = [], []
    for path in a.files:
        try:
            results.append(assess(path, a.hloconf, a.examples))
        except (Unsupported, Unsettled, KeyError) as e:
            print('== %s\n   NOT ASSESSED: %s' % (path, e))
            failed.append((path, str(e)))
        sys.stdout.flush()
    bad = [r for r in results if r['ours_bad'] or r['cross'][0] != r['cross'][1]]
    print()
    print('summary: %d file(s) assessed, %d not assessed' % (len(results), len(failed)))
    print('  files where ours and XLA differ: %d; differing elements: %d; ours correctly rounded on %d, '
          'XLA on %d, neither on %d' % (
              sum(1 for r in results if r['differ']), sum(r['differ'] for r in results),
              sum(r['ours_right'] for r in results), sum(r['xla_right'] for r in results),
              sum(r['neither'] for r in results)))
    print('  elements where OUR value is not correctly rounded: %d (in %d file(s))' % (
        sum(len(r['ours_bad']) for r in bad), len(bad)))
    for r in bad:
        print('  !!! %s: %d element(s) not correctly rounded' % (r['name'], len(r['ours_bad'])))
    if a.markdown:
        print()
        print('| file | op (types) | ours != XLA | XLA not CR | XLA max ULP | who is right |')
        print('|---|---|---|---|---|---|')
        for r in results:
            print(md_row(r))
    return 1 if bad or failed else 0


if __name__ == '__main__':
    sys.exit(main())
