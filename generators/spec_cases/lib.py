import math, struct, os, re
from decimal import Decimal
import mpmath
from mpmath import mpf, mpc
mpmath.mp.prec = 400

# The cases/ folder of the repository (this script lives in generators/spec_cases/).
ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), 'cases')
FT = {'f64': (53, -1022, 1023, 64), 'f32': (24, -126, 127, 32),
      'f16': (11, -14, 15, 16), 'bf16': (8, -126, 127, 16)}
NAN = float('nan'); INF = float('inf')
HEXNAN = {'f64': '0x7FF8000000000000', 'f32': '0x7FC00000', 'f16': '0x7E00', 'bf16': '0x7FC0'}
HEXINF = {'f64': '0x7FF0000000000000', 'f32': '0x7F800000', 'f16': '0x7C00', 'bf16': '0x7F80'}
HEXNINF = {'f64': '0xFFF0000000000000', 'f32': '0xFF800000', 'f16': '0xFC00', 'bf16': '0xFF80'}

def rnd(x, ety):
    """Round exact-ish mpf x to format ety, round-to-nearest-even; returns python float."""
    p, emin, emax, _ = FT[ety]
    x = mpf(x)
    if mpmath.isnan(x): return NAN
    if mpmath.isinf(x): return INF if x > 0 else -INF
    if x == 0: return 0.0
    sgn, m, exp, _bc = x._mpf_
    neg = bool(sgn)
    E = exp + m.bit_length() - 1
    q = max(E, emin) - (p - 1)
    if exp >= q:
        n = m << (exp - q)
    else:
        s = q - exp
        n = m >> s; rem = m & ((1 << s) - 1); half = 1 << (s - 1)
        if rem > half or (rem == half and (n & 1)): n += 1
    if n == 0: return -0.0 if neg else 0.0
    # overflow
    if n.bit_length() + q > emax + 1:
        return -INF if neg else INF
    v = math.ldexp(n, q)
    return -v if neg else v

def bits(v, ety):
    if ety == 'f64': return struct.unpack('>Q', struct.pack('>d', v))[0]
    if ety == 'f32': return struct.unpack('>I', struct.pack('>f', v))[0]
    if ety == 'f16': return struct.unpack('>H', struct.pack('>e', v))[0]
    if ety == 'bf16': return struct.unpack('>I', struct.pack('>f', v))[0] >> 16

def hexbits(v, ety):
    w = FT[ety][3] // 4
    return '0x%0*X' % (w, bits(v, ety))

def is_sub(v, ety):
    p, emin, emax, _ = FT[ety]
    return v != 0 and math.isfinite(v) and abs(v) < math.ldexp(1, emin)

def lit(v, ety):
    """literal for a value exactly representable in ety"""
    if isinstance(v, str): return v
    if isinstance(v, mpf): v = rnd(v, ety)
    if math.isnan(v): return HEXNAN[ety]
    if math.isinf(v): return HEXINF[ety] if v > 0 else HEXNINF[ety]
    assert rnd(mpf(v), ety) == v, (v, ety)
    if v == 0: return '-0.0' if math.copysign(1, v) < 0 else '0.0'
    if is_sub(v, ety): return hexbits(v, ety)
    dec = Decimal(v).normalize()
    if len(dec.as_tuple().digits) > 8:
        for d in range(1, 25):
            s = '%.*e' % (d - 1, v)
            if rnd(mpf(s), ety) == v: break
        dec = Decimal(s)
    sign, digits, e10 = dec.as_tuple()
    # exponent of leading digit
    lead = len(digits) + e10 - 1
    if -5 <= lead < 17:
        t = format(dec, 'f')
        if '.' not in t: t += '.0'
        return t
    mant = ''.join(map(str, digits))
    m = mant[0] + '.' + (mant[1:] if len(mant) > 1 else '0')
    return ('-' if sign else '') + m + 'e' + ('%+03d' % lead)

def val(x, ety):
    """input spec -> (literal, value). x: python float (exact), str decimal (parser rounds), mpf (round)."""
    if isinstance(x, str):
        if x in ('inf', '+inf'): return lit(INF, ety), INF
        if x == '-inf': return lit(-INF, ety), -INF
        if x == 'nan': return lit(NAN, ety), NAN
        if x.startswith('0x'): return x, None
        v = rnd(mpf(x), ety)
        if x.startswith('-') and v == 0: v = -0.0
        if '.' not in x:
            m_ = re.match(r'^(-?\d+)(.*)$', x); x = m_.group(1) + '.0' + m_.group(2)
        return x, v
    if isinstance(x, (mpf,)):
        v = rnd(x, ety); return lit(v, ety), v
    v = float(x)
    return lit(v, ety), v

def is_float(ety): return ety in FT
def is_complex(ety): return ety.startswith('complex<')
def part(ety): return ety[len('complex<'):-1]

def elit(x, ety):
    """element literal of any type"""
    if is_float(ety): return val(x, ety)[0]
    if is_complex(ety):
        pt = part(ety); re_, im_ = x
        return '(%s, %s)' % (val(re_, pt)[0], val(im_, pt)[0])
    if ety == 'i1':
        return 'true' if x else 'false'
    return str(x)

def nest(items, shape):
    if not shape: return items[0]
    if len(shape) == 1:
        assert len(items) == shape[0], (len(items), shape)
        return '[' + ', '.join(items) + ']'
    n = len(items) // shape[0]
    return '[' + ', '.join(nest(items[i*n:(i+1)*n], shape[1:]) for i in range(shape[0])) + ']'

def ttype(shape, ety):
    if not shape: return 'tensor<%s>' % ety
    return 'tensor<%sx%s>' % ('x'.join(map(str, shape)), ety)

def dense(xs, shape, ety):
    items = [elit(x, ety) for x in xs]
    if shape == ():
        return 'dense<%s>' % items[0]
    return 'dense<%s>' % nest(items, list(shape))

def shp(xs, shape):
    if shape is None: return (len(xs),)
    return shape

def const(name, xs, ety, shape=None):
    shape = shp(xs, shape)
    return '%%%s = stablehlo.constant %s : %s' % (name, dense(xs, shape, ety), ttype(shape, ety))

def check(name, xs, ety, shape=None):
    shape = shp(xs, shape)
    return 'check.expect_eq_const %%%s, %s : %s' % (name, dense(xs, shape, ety), ttype(shape, ety))

WRITTEN = []
def write(op, stem, comment, body, extra_funcs=None, replicas=1, partitions=1):
    """Writes cases/<op>/<stem>.mlir; a process grid other than 1x1 goes into the module's attributes
    mhlo.num_replicas / mhlo.num_partitions."""
    d = os.path.join(ROOT, op); os.makedirs(d, exist_ok=True)
    lines = ['// Case: spec/%s/%s' % (op, stem)]
    def flat(c):
        if isinstance(c, list):
            for x in c: yield from flat(x)
        else: yield c
    for c in flat(comment):
        lines.append('// ' + c)
    if replicas * partitions > 1:
        lines.append('module attributes {mhlo.num_replicas = %d : i32, mhlo.num_partitions = %d : i32} {' % (replicas, partitions))
    else:
        lines.append('module {')
    for f in (extra_funcs or []):
        for l in f.strip('\n').split('\n'):
            lines.append('  ' + l)
        lines.append('')
    lines.append('  func.func @main() {')
    for l in body:
        for ll in l.split('\n'):
            lines.append('    ' + ll)
    lines.append('    func.return')
    lines.append('  }')
    lines.append('}')
    path = os.path.join(d, stem + '.mlir')
    assert path not in WRITTEN, path
    WRITTEN.append(path)
    open(path, 'w').write('\n'.join(lines) + '\n')

# --- generic element-wise helpers -----------------------------------------
def R(ety, x):
    """round exact value x into ety -> python float (for expectations)"""
    if is_complex(ety):
        pt = part(ety); return (R(pt, x[0]), R(pt, x[1]))
    if isinstance(x, float): 
        assert math.isnan(x) or rnd(mpf(x), ety) == x or math.isinf(x), (x, ety)
        return x
    if isinstance(x, str): return x
    if isinstance(x, int) and is_float(ety): return R(ety, mpf(x))
    if isinstance(x, mpf) or (hasattr(x, '_mpf_') and not isinstance(x, float)): return rnd(mpf(x), ety)
    return x

def unary(op, stem, comment, ety, xs, ys, shape=None, rety=None, pretty=True, notes=None):
    rety = rety or ety
    shape = shp(xs, shape)
    t = ttype(shape, ety); rt = ttype(shape, rety)
    body = [const('operand', xs, ety, shape)]
    if rety == ety:
        body.append('%%result = stablehlo.%s %%operand : %s' % (op, t))
    else:
        body.append('%%result = stablehlo.%s %%operand : (%s) -> %s' % (op, t, rt))
    body.append(check('result', [R(rety, y) for y in ys], rety, shape))
    write(op, stem, comment if notes is None else [comment] + notes, body)

def binary(op, stem, comment, ety, xs, ys, zs, shape=None, notes=None):
    shape = shp(xs, shape)
    t = ttype(shape, ety)
    body = [const('lhs', xs, ety, shape), const('rhs', ys, ety, shape),
            '%%result = stablehlo.%s %%lhs, %%rhs : %s' % (op, t),
            check('result', [R(ety, z) for z in zs], ety, shape)]
    write(op, stem, comment if notes is None else [comment] + notes, body)

def inval(x, ety):
    """numeric value of an input spec (python float or mpf-able)"""
    if is_float(ety):
        return val(x, ety)[1]
    return x

def fexact(fn, x, ety):
    """apply exact mpmath fn to input value -> mpf (or python float special)"""
    v = inval(x, ety)
    return fn(mpf(v))

def digits_note(label, exact_vals, ety):
    out = []
    for e in exact_vals:
        if isinstance(e, mpf) and mpmath.isfinite(e) and e != 0:
            out.append('%s ~ %s -> %s %s' % (label, mpmath.nstr(e, 20), ety, lit(rnd(e, ety), ety)))
    return out
