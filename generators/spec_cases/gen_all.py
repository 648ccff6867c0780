"""Regenerates every cases/<op>/*.mlir file (run: cd generators/spec_cases && python3 gen_all.py).
Needs python3 with mpmath and the standard library only. Removes and rewrites the op folders."""
import shutil, os, glob, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lib
for d in glob.glob(os.path.join(lib.ROOT, '*/')):
    if not os.path.basename(os.path.normpath(d)).startswith('_'):
        shutil.rmtree(d)
import unary_float, transc, binary_ops, int_ops, misc_ops, control_ops
import movement_ops, reduction_ops
import dynamic_ops, conv_quant_ops, linalg_ops
import collective_ops, channel_ops, rng_ops, dynamic_window_ops
import quant_region_ops
import complex_compare_ops
import quant_misc_ops
import chlo_ops
print(len(lib.WRITTEN), 'files')
