"""Regenerates every cases/<op>/*.mlir file the scripts write (run: cd generators/spec_cases && python3
gen_all.py). Needs python3 with mpmath and the standard library only, and hloconf built in build/ (or
$HLOCONF): result shapes come from its `infer` command, so the shape rules live once, in ir/infer.cc.
Rewrites the files in place; the negative cases (invalid-*.mlir) and other hand-written files are kept, and
files the scripts did not write are listed so that a stale one can be removed by hand."""
import os, glob, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lib
import unary_float, transc, binary_ops, int_ops, misc_ops, control_ops
import movement_ops, reduction_ops
import dynamic_ops, conv_quant_ops, linalg_ops
import collective_ops, channel_ops, rng_ops, dynamic_window_ops
import quant_region_ops
import complex_compare_ops
import quant_misc_ops
import chlo_ops
print(len(lib.WRITTEN), 'files')
for path in sorted(glob.glob(os.path.join(lib.ROOT, '*', '*.mlir'))):
    if path not in lib.WRITTEN and not os.path.basename(path).startswith('invalid-'):
        print('not written by these scripts (hand-written, or stale: remove it):', os.path.relpath(path, os.path.dirname(lib.ROOT)))
