"""compare on complex operands with GE/GT/LE/LT (spec: lexicographic comparison of (real, imag) pairs
with the given comparison_direction and compare_type; C3: compare_type FLOAT for complex).

Expected values come from a model in Python floats, whose comparisons are the IEEE quiet predicates:
  EQ: re == re' and im == im'            NE: not EQ
  LT: re < re' or (re == re' and im < im')    LE: re < re' or (re == re' and im <= im')
  GT: re > re' or (re == re' and im > im')    GE: re > re' or (re == re' and im >= im')
so a NaN real part makes the ordered directions false, and a NaN imaginary part only matters when the
real parts are equal (docs/semantics.md)."""
from common import *

DIRECTIONS = ('EQ', 'NE', 'LT', 'LE', 'GT', 'GE')

def pyval(x):
    return float(x) if isinstance(x, str) else x

def model(direction, a, b):
    ar, ai = map(pyval, a); br, bi = map(pyval, b)
    if direction == 'EQ': return ar == br and ai == bi
    if direction == 'NE': return not (ar == br and ai == bi)
    if direction == 'LT': return ar < br or (ar == br and ai < bi)
    if direction == 'LE': return ar < br or (ar == br and ai <= bi)
    if direction == 'GT': return ar > br or (ar == br and ai > bi)
    if direction == 'GE': return ar > br or (ar == br and ai >= bi)
    raise ValueError(direction)

def ccmp(stem, comment, ety, a, b, ctype='FLOAT', directions=DIRECTIONS):
    shape = (len(a),)
    t = ttype(shape, ety); rt = ttype(shape, 'i1')
    lines = [const('lhs', a, ety, shape), const('rhs', b, ety, shape)]
    for i, d in enumerate(directions):
        ct = ', ' + ctype if ctype else ''
        lines.append('%%r%d = stablehlo.compare %s, %%lhs, %%rhs%s : (%s, %s) -> %s' % (i, d, ct, t, t, rt))
        lines.append(check('r%d' % i, [model(d, x, y) for x, y in zip(a, b)], 'i1', shape))
    write('compare', stem, comment, lines)

ccmp('edge-complex-ordered', ['Complex GE/GT/LE/LT are lexicographic on (real, imag): unequal real parts decide, equal real',
     'parts leave it to the imaginary parts; EQ/NE for reference.'], 'complex<f32>',
     [(1.0, 5.0), (2.0, 1.0), (2.0, 3.0), (3.0, 0.0), (-1.0, -2.0), (-1.0, -3.0)],
     [(2.0, 0.0), (2.0, 3.0), (2.0, 3.0), (2.0, 9.0), (-1.0, -3.0), (-1.0, -2.0)])
ccmp('edge-complex-nan', ['Complex ordered comparisons with NaN parts, IEEE per part: a NaN real part makes LT/LE/GT/GE false;',
     'a NaN imaginary part only when the real parts are equal ((1, NaN) < (2, 0) is true).'], 'complex<f32>',
     [('nan', 0.0), (1.0, 'nan'), (2.0, 'nan'), (2.0, 0.0), (3.0, 1.0), ('nan', 'nan')],
     [(1.0, 0.0), (2.0, 0.0), (2.0, 0.0), ('nan', 5.0), (1.0, 'nan'), ('nan', 'nan')])
ccmp('edge-complex-zero-inf', ['Complex ordered comparisons: -0 == +0 in either part; infinities order as in IEEE.'], 'complex<f32>',
     [(NZ, 1.0), (0.0, NZ), ('inf', 0.0), ('-inf', 'inf'), ('inf', '-inf')],
     [(0.0, 1.0), (NZ, 0.0), ('inf', -1.0), (-F32MAX, 0.0), (F32MAX, 'inf')])
ccmp('edge-complex-f64', ['complex<f64> ordered comparisons with values one ulp apart.'], 'complex<f64>',
     [(1.0, 1.0), (1.0, 1.0000000000000002), (0.30000000000000004, -1.0)],
     [(1.0, 1.0000000000000002), (1.0, 1.0), ('0.3', 5.0)])
ccmp('edge-complex-default-type', ['Without compare_type, complex operands compare with FLOAT (the only type C3 allows).'], 'complex<f32>',
     [(1.0, 2.0), (1.0, 2.0)], [(1.0, 3.0), (0.0, 100.0)], ctype=None, directions=('LT', 'GE'))
