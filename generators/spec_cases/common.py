from lib import *
mp = mpmath
pi = mp.pi
NZ = -0.0

def fu(op, stem, comment, ety, xs, ys, fn=None, shape=None):
    """ys entries: None -> compute fn(exact input) and round; else explicit."""
    outs = []; exacts = []
    for x, y in zip(xs, ys):
        if y is None:
            e = fn(mpf(inval(x, ety)))
            exacts.append(e); outs.append(e)
        else:
            outs.append(y)
    notes = []
    if exacts:
        parts = ['%s' % mp.nstr(e, 21) for e in exacts if isinstance(e, mpf) and mp.isfinite(e) and e != 0]
        if parts:
            notes.append('Exact values (mpmath) %s, each rounded to nearest-even %s.' % (', '.join(parts), ety))
    unary(op, stem, comment, ety, xs, outs, shape=shape, notes=notes)

def rcbrt(x):
    return mp.cbrt(x) if x >= 0 else -mp.cbrt(-x)
def rec(a, b=None):
    pass

F32MAX = float.fromhex('0x1.fffffep127'); F32MIN = 2.0**-126; F32SUB = 2.0**-149
F16MAX = 65504.0; F16SUB = 2.0**-24; F16MIN = 2.0**-14
BF16MAX = float.fromhex('0x1.fep127')
F64MAX = float.fromhex('0x1.fffffffffffffp1023'); F64SUB = 2.0**-1074; F64MIN = 2.0**-1022

