from lib import *
mp = mpmath
pi = mp.pi
NZ = -0.0

def exact_outputs(ety, inputs, outs, fn):
    """outs entries None -> fn(exact inputs) with mpmath, else explicit; returns (outputs, notes): the
    notes give the exact values' leading digits."""
    values = []; exacts = []
    for args, y in zip(inputs, outs):
        if y is None:
            e = fn(*[mpf(inval(a, ety)) for a in args])
            exacts.append(e); values.append(e)
        else:
            values.append(y)
    parts = ['%s' % mp.nstr(e, 21) for e in exacts if isinstance(e, mpf) and mp.isfinite(e) and e != 0]
    notes = ['Exact values (mpmath) %s, each rounded to nearest-even %s.' % (', '.join(parts), ety)] if parts else []
    return values, notes

def complex_exact_outputs(ety, xs, fn, ys=None):
    """Complex unary: ys entries None (or no ys) -> fn(exact input), each part rounded separately."""
    pt = part(ety)
    outs = []; notes = []
    for i, (a, b) in enumerate(xs):
        if ys is not None and ys[i] is not None:
            outs.append(ys[i]); continue
        z = fn(mpc(mpf(inval(a, pt)), mpf(inval(b, pt))))
        outs.append((mpf(z.real), mpf(z.imag)))
        notes.append('(%s, %s)' % (mp.nstr(z.real, 18), mp.nstr(z.imag, 18)))
    nl = ['Exact per-part values (mpmath) %s, each part rounded to nearest-even %s.' % (', '.join(notes), pt)] if notes else []
    return outs, nl

def fu(op, stem, comment, ety, xs, ys, fn=None, shape=None):
    """ys entries: None -> compute fn(exact input) and round; else explicit."""
    outs, notes = exact_outputs(ety, [(x,) for x in xs], ys, fn)
    unary(op, stem, comment, ety, xs, outs, shape=shape, notes=notes)

def rcbrt(x):
    return mp.cbrt(x) if x >= 0 else -mp.cbrt(-x)
def rec(a, b=None):
    pass

F32MAX = float.fromhex('0x1.fffffep127'); F32MIN = 2.0**-126; F32SUB = 2.0**-149
F16MAX = 65504.0; F16SUB = 2.0**-24; F16MIN = 2.0**-14
BF16MAX = float.fromhex('0x1.fep127')
F64MAX = float.fromhex('0x1.fffffffffffffp1023'); F64SUB = 2.0**-1074; F64MIN = 2.0**-1022

